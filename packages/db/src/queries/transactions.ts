import {
  TYPES_WITHOUT_RECIPIENT,
  TYPES_WITHOUT_SENDER,
  type TransactionMetadataMap,
  type TransactionType,
  parseMetadataPatch,
  parseTransactionMetadata,
} from "@kolo/domain";
import { type SQL, and, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { FIELD_SEPARATOR, SEARCH_TEXT, boundaryCondition, historySearchBoundary } from "./history-search";
import type { DbOrTx } from "../client";
import { type NewTransactionRecord, type TransactionRecord, transactions } from "../schema";

/** A new record whose `metadata` is the one its `type` defines (validated: @kolo/domain transaction-metadata). */
export type NewTypedTransactionRecord = {
  [T in TransactionType]: Omit<NewTransactionRecord, "type" | "metadata"> & { type: T; metadata: TransactionMetadataMap[T] };
}[TransactionType];

/** Inserts a record after validating its metadata against its type's schema (Error on a mismatch). */
export async function insertTransaction(db: DbOrTx, values: NewTypedTransactionRecord): Promise<TransactionRecord> {
  const metadata = parseTransactionMetadata(values.type, values.metadata);
  const [row] = await db
    .insert(transactions)
    .values({ ...values, metadata })
    .returning();
  if (!row) throw new Error("Transaction insert returned nothing");
  return row;
}

/** The record with this reference; `forUpdate` locks the row until the caller's transaction ends. */
export async function findTransactionByReference(db: DbOrTx, reference: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(transactions).where(eq(transactions.reference, reference)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The sender's record made under this idempotency key, if any. */
export async function findTransactionByIdempotencyKey(db: DbOrTx, senderId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.senderId, senderId), eq(transactions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** Raised for a keyset cursor that names no row the list could have given (the procedure answers 400). */
export class UnknownCursorError extends Error {
  constructor() {
    super("Unknown cursor");
    this.name = "UnknownCursorError";
  }
}

/**
 * The rows strictly after the row `cursorId` in (created_at desc, id desc) order: a keyset
 * condition the (…, created_at, id) indexes answer from the cursor's place, with no OFFSET.
 */
export function afterCursor(cursorId: number): SQL {
  return sql`(${transactions.createdAt}, ${transactions.id}) < (select c.created_at, c.id from transactions c where c.id = ${cursorId})`;
}

/** Narrows a user's list: types, a search text, and a period [from, to) as instants. */
export interface UserTransactionFilter {
  types?: readonly TransactionType[] | null;
  /** Matched, ignoring case and taken literally, inside the description, reference, or a party's name or phone (SEARCH_TEXT). */
  search?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** The id of the last row already given: the rows after it in the list's order (afterCursor). */
  cursor?: number;
}

/**
 * The user's records as sender or recipient, newest first (created_at desc, id desc; at most
 * `limit`), narrowed by `filter`; `filter.cursor` pages by keyset (UnknownCursorError when it is
 * not one of the user's records). Two reads, each stopping at `limit`: the records sent, on
 * (sender_id, created_at), and those received and not sent, on (recipient_id, created_at), the
 * period and the cursor included, merged newest first: flat for a user with 200,000 records
 * (docs/performance.md "Flat reads"). A filter of types that never have a user as recipient (or
 * as sender) reads the other side only (TYPES_WITHOUT_RECIPIENT, TYPES_WITHOUT_SENDER).
 *
 * A search (SEARCH_TEXT: one `strpos` on the stored search text) reads ids first: each side's
 * records before the search indexes' boundary from its covering index (index-only: no row read),
 * those after it from the table, then the rows of the newest `limit` ids (docs/performance.md
 * "History search, covered up to a boundary").
 */
export async function listUserTransactions(db: DbOrTx, userId: number, limit = 500, filter: UserTransactionFilter = {}): Promise<TransactionRecord[]> {
  const mine = or(eq(transactions.senderId, userId), eq(transactions.recipientId, userId));
  if (filter.cursor !== undefined) {
    const [known] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.id, filter.cursor), mine));
    if (!known) throw new UnknownCursorError();
  }
  if (filter.search?.includes(FIELD_SEPARATOR)) return [];
  const narrowed = and(
    filter.cursor === undefined ? undefined : afterCursor(filter.cursor),
    filter.types ? inArray(transactions.type, [...filter.types]) : undefined,
    filter.from ? gte(transactions.createdAt, filter.from) : undefined,
    filter.to ? lt(transactions.createdAt, filter.to) : undefined,
    filter.search ? sql`strpos(${SEARCH_TEXT}, lower(${filter.search})) > 0` : undefined,
  );
  // By column name: drizzle writes a column's property name ("createdAt") in a set operation's order by.
  const newestFirst = [sql`${sql.identifier("created_at")} desc`, sql`${sql.identifier("id")} desc`] as const;
  // A tab whose types only ever have the user on one side reads that side alone (the check
  // transactions_parties_by_type holds it): the other would walk all the user's records for none.
  const only = (without: readonly TransactionType[]) => filter.types?.every((type) => without.includes(type)) ?? false;
  const sent = eq(transactions.senderId, userId);
  const received = and(eq(transactions.recipientId, userId), sql`${transactions.senderId} is distinct from ${userId}`);
  const sides = only(TYPES_WITHOUT_RECIPIENT) ? [sent] : only(TYPES_WITHOUT_SENDER) ? [received] : [sent, received];

  if (!filter.search) {
    // Each side reads its own index backwards and stops at `limit`; the union keeps the newest.
    const [first, second] = sides.map((side) =>
      db
        .select()
        .from(transactions)
        .where(and(side, narrowed))
        .orderBy(...newestFirst)
        .limit(limit),
    );
    return second
      ? first!
          .unionAll(second)
          .orderBy(...newestFirst)
          .limit(limit)
      : first!;
  }
  const boundary = await historySearchBoundary(db);
  const parts = boundary ? [boundaryCondition(boundary), boundaryCondition(boundary, { from: true })] : [undefined];
  const [first, second, ...rest] = sides.flatMap((side) =>
    parts.map((part) =>
      db
        .select({ id: transactions.id, createdAt: transactions.createdAt })
        .from(transactions)
        .where(and(side, part, narrowed))
        .orderBy(...newestFirst)
        .limit(limit),
    ),
  );
  const newest = second
    ? unionAll(first!, second, ...rest)
        .orderBy(...newestFirst)
        .limit(limit)
    : first!;
  const ids = db.$with("listed").as(newest);
  return db
    .with(ids)
    .select()
    .from(transactions)
    .where(inArray(transactions.id, db.select({ id: ids.id }).from(ids)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/**
 * Sets the status and merges `metadata` (fields of the record's type, validated) into the
 * record's. `type` must be the record's type: it picks the metadata schema and guards the update.
 */
export async function updateTransaction<T extends TransactionType>(
  db: DbOrTx,
  id: number,
  type: T,
  changes: { status: TransactionRecord["status"]; metadata?: Partial<TransactionMetadataMap[T]> },
): Promise<TransactionRecord> {
  const patch = parseMetadataPatch(type, changes.metadata ?? {});
  const [row] = await db
    .update(transactions)
    .set({
      status: changes.status,
      metadata: sql`${transactions.metadata} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(transactions.id, id), eq(transactions.type, type)))
    .returning();
  if (!row) throw new Error(`Transaction ${id} of type ${type} not found`);
  return row;
}

/**
 * Merges `metadata` (fields of the record's type, validated) into the record's without touching
 * its status, e.g. a payout's recipient code or a review flag. Returns the updated record.
 */
export async function patchTransactionMetadata<T extends TransactionType>(
  db: DbOrTx,
  id: number,
  type: T,
  metadata: Partial<TransactionMetadataMap[T]>,
): Promise<TransactionRecord> {
  const patch = parseMetadataPatch(type, metadata);
  const [row] = await db
    .update(transactions)
    .set({ metadata: sql`${transactions.metadata} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.type, type)))
    .returning();
  if (!row) throw new Error(`Transaction ${id} of type ${type} not found`);
  return row;
}

/**
 * The transfer-recipient code ("RCP_…", Paystack "Create Transfer Recipient") that the sender's
 * newest earlier payout to this account (bank code and account number) was given, if any: a
 * payout to a known account reuses it instead of creating another recipient.
 */
export async function findPayoutRecipientCode(
  db: DbOrTx,
  account: { senderId: number | null; accountNumber: string; bankCode: string },
): Promise<string | undefined> {
  const rows = (await db.execute(sql`
    select metadata->>'recipientCode' as code from transactions
    where sender_id = ${account.senderId} and type = 'transfer' and metadata ? 'recipientCode'
      and metadata->>'accountNumber' = ${account.accountNumber} and metadata->>'bankCode' = ${account.bankCode}
    order by id desc limit 1`)) as unknown as { code: string }[];
  return rows[0]?.code;
}
