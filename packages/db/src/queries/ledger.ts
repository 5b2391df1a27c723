// The ledger kit's TypeScript face: thin wrappers over the SQL functions of
// packages/db/sql/ledger (one file per function), each shaped (tx, params) so a movement composes them in
// its own database transaction. docs/adding-a-movement.md shows how a new movement uses them.
import {
  DAILY_LIMIT_EXCEEDED,
  DomainError,
  type HoldOutcome,
  INSUFFICIENT_BALANCE,
  type PostingInput,
  SYSTEM_ACCOUNTS,
  type SystemAccountCode,
  TRANSFER_MESSAGES,
  assertBalanced,
  newDeviceLimitMessage,
  parseTransactionMetadata,
  effectiveDailyLimitKobo,
} from "@kolo/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { pgError } from "../errors";
import { type TransactionRecord, journalEntries, ledgerAccounts } from "../schema";

/** Creates the system accounts that are missing (reference data; run by prepareDatabase). */
export async function ensureSystemAccounts(db: DbOrTx): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(Object.values(SYSTEM_ACCOUNTS).map((code) => ({ kind: "system" as const, code })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/** Id of a system account. Throws when reference data is missing (database not prepared). */
export async function systemAccountId(db: DbOrTx, code: SystemAccountCode): Promise<number> {
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1);
  if (!row) throw new Error(`System account ${code} is missing: run prepareDatabase`);
  return row.id;
}

/** SQL for the id of a system account, to use inside a statement (saves a round trip). */
const systemAccount = (code: SystemAccountCode) => sql`(select id from ledger_accounts where code = ${code})`;

async function ensureWallet(db: DbOrTx, userId: number, kind: "user_wallet" | "merchant_wallet"): Promise<number> {
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)))
    .limit(1);
  if (existing) return existing.id;
  await db
    .insert(ledgerAccounts)
    .values({ kind, userId })
    .onConflictDoNothing({ target: ledgerAccounts.userId, where: sql`${ledgerAccounts.kind} = ${kind}` });
  return ensureWallet(db, userId, kind);
}

/** Id of the user's wallet account, created on first use. */
export const ensureUserWallet = (db: DbOrTx, userId: number) => ensureWallet(db, userId, "user_wallet");

/**
 * Id of the merchant wallet of the user's merchant account (one per user, docs/decisions.md "Merchants
 * and invoices"), created on first use. It is a wallet like any other: never below zero.
 */
export const ensureMerchantWallet = (db: DbOrTx, userId: number) => ensureWallet(db, userId, "merchant_wallet");

/** The wallet's ledger balance in kobo (0 when the user has no wallet yet). */
export async function getWalletBalanceKobo(db: DbOrTx, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "user_wallet"), eq(ledgerAccounts.userId, userId)))
    .limit(1);
  return row?.balance ?? 0n;
}

/**
 * The daily limit in kobo the SQL functions are given: the verification level's (docs/decisions.md
 * "Limits"), or the user's own when lower (`ownDailyLimitKobo`, ownDailyLimitAt; docs/product.md
 * "Limits the user sets").
 */
export const dailyLimitKobo = (verificationLevel: number, ownDailyLimitKobo?: bigint | null): bigint =>
  effectiveDailyLimitKobo(verificationLevel, ownDailyLimitKobo);

/** A PostgreSQL array literal of integers, e.g. '{1,-2}' (ids and kobo amounts only). */
const intArray = (values: readonly (number | bigint)[]) => `{${values.map(String).join(",")}}`;

/**
 * Turns the ledger functions' SQLSTATEs into DomainErrors (the rest is rethrown as is):
 * KL001 INSUFFICIENT_BALANCE, KL002 DAILY_LIMIT_EXCEEDED {remainingAllowance, dailyLimit} (kobo),
 * KL003 RECIPIENT_NOT_FOUND, KL004 RULE_VIOLATION (transfer to self), KL005 IDEMPOTENCY_KEY_REUSED,
 * KL010 NEW_DEVICE_LIMIT {left (kobo), until (ISO)} past the first-day cap (docs/product.md "Fraud controls").
 * Works on postgres.js errors and on drizzle's wrapper of them (`cause`).
 */
export function translateLedgerError(error: unknown): unknown {
  const { code, detail, hint } = pgError(error) ?? {};
  switch (code) {
    case "KL001":
      return new DomainError("INSUFFICIENT_BALANCE", INSUFFICIENT_BALANCE);
    case "KL002":
      return new DomainError("DAILY_LIMIT_EXCEEDED", DAILY_LIMIT_EXCEEDED, {
        remainingAllowance: BigInt(detail ?? "0"),
        dailyLimit: BigInt(hint ?? "0"),
      });
    case "KL003":
      return new DomainError("RECIPIENT_NOT_FOUND", TRANSFER_MESSAGES.recipientNotFound);
    case "KL004":
      return new DomainError("RULE_VIOLATION", TRANSFER_MESSAGES.toSelf);
    case "KL005":
      return new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
    case "KL010": {
      const left = BigInt(detail ?? "0");
      const until = new Date(Number(hint ?? "0"));
      return new DomainError("NEW_DEVICE_LIMIT", newDeviceLimitMessage(left, until), { left, until: until.toISOString() });
    }
    default:
      return error;
  }
}

/** Runs a ledger call, rethrowing its SQLSTATEs as DomainErrors (translateLedgerError). */
export async function ledgerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateLedgerError(error);
  }
}

async function one<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const rows = (await ledgerCall(() => db.execute(query))) as unknown as T[];
  const row = rows[0];
  if (!row) throw new Error("Ledger function returned no row");
  return row;
}

/** Whether a journal entry with `idempotencyKey` exists (e.g. `topup:{reference}`, the one credit of a top-up reference). */
export async function journalEntryExists(db: DbOrTx, idempotencyKey: string): Promise<boolean> {
  const [row] = await db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.idempotencyKey, idempotencyKey)).limit(1);
  return row !== undefined;
}

export interface JournalEntryInput {
  /** Unique key of this movement: a replay with the same key posts nothing. */
  idempotencyKey: string;
  kind: string;
  description: string;
  postings: PostingInput[];
  /** The user-facing record this entry belongs to. */
  transactionId?: number;
}

/**
 * Posts a balanced journal entry (kolo_post_entry): locks the accounts in id order, refuses a
 * wallet going below zero (DomainError INSUFFICIENT_BALANCE, nothing written), writes the postings
 * and moves the balances relatively, so several entries in one database transaction compose.
 * A repeated idempotency key posts nothing: `created: false` with the first entry's id.
 */
export async function postJournalEntry(db: DbOrTx, entry: JournalEntryInput): Promise<{ journalEntryId: number; created: boolean }> {
  assertBalanced(entry.postings);
  const row = await one<{ entry_id: string | number; created: boolean }>(
    db,
    sql`select entry_id, created from kolo_post_entry(${entry.idempotencyKey}, ${entry.kind}, ${entry.description},
      ${intArray(entry.postings.map((p) => p.accountId))}::integer[], ${intArray(entry.postings.map((p) => p.amount))}::bigint[],
      ${entry.transactionId ?? null}::integer)`,
  );
  return { journalEntryId: Number(row.entry_id), created: row.created };
}

/**
 * The one way an outgoing movement counts against the daily limit (kolo_record_outgoing): adds
 * `amountKobo` (amount + fee) to the user's total of the Lagos day `day` (YYYY-MM-DD, lagosDate),
 * in the caller's database transaction, which must also debit the money. Throws DomainError
 * DAILY_LIMIT_EXCEEDED {remainingAllowance, dailyLimit} (kobo) past the level's limit (docs/decisions.md
 * "Limits"); the caller's transaction is then aborted. Returns the day's new total, kobo.
 */
export async function recordOutgoing(
  db: DbOrTx,
  params: { userId: number; day: string; amountKobo: bigint; verificationLevel: number; ownDailyLimitKobo?: bigint | null },
): Promise<bigint> {
  const row = await one<{ total: string }>(
    db,
    sql`select kolo_record_outgoing(${params.userId}::integer, ${params.day}::date, ${params.amountKobo.toString()}::bigint, ${dailyLimitKobo(params.verificationLevel, params.ownDailyLimitKobo).toString()}::bigint) as total`,
  );
  return BigInt(row.total);
}

/** Kobo the user has sent out on the Lagos day `day` (YYYY-MM-DD) and not had back. */
export async function outgoingOnDay(db: DbOrTx, userId: number, day: string): Promise<bigint> {
  const rows = (await db.execute(sql`select total_kobo from daily_outgoing where user_id = ${userId} and day = ${day}::date`)) as unknown as {
    total_kobo: string;
  }[];
  return BigInt(rows[0]?.total_kobo ?? 0);
}

export interface HoldInput {
  /** The operation's reference (payout reference, VTpass request_id): the hold's idempotency key. */
  reference: string;
  walletAccountId: number;
  /** The wallet's owner, whose daily limit the hold counts against. */
  userId: number;
  verificationLevel: number;
  /** The user's own daily limit in force (kobo, ownDailyLimitAt of @kolo/domain); null: the level's. Every money-out path of packages/api passes it. */
  ownDailyLimitKobo?: bigint | null;
  amountKobo: bigint;
  feeKobo?: bigint;
  /** Lagos day of the operation (lagosDate). */
  day: string;
  transactionId?: number;
  kind: string;
  description: string;
}

/**
 * Holds amount + fee for a pending operation (kolo_hold): checks the daily limit under the day's
 * counter row's lock (DAILY_LIMIT_EXCEEDED), then the balance under the wallet's (INSUFFICIENT_BALANCE;
 * a balance already short is refused before anything is counted), moves the money to
 * the `holds` account and records the hold. A repeated reference holds nothing more: `created: false`.
 */
export async function holdFunds(db: DbOrTx, hold: HoldInput): Promise<{ holdId: number; created: boolean }> {
  const row = await one<{ hold_id: string | number; created: boolean }>(
    db,
    sql`select hold_id, created from kolo_hold(${hold.reference}, ${hold.walletAccountId}::integer, ${hold.userId}::integer,
      ${hold.amountKobo.toString()}::bigint, ${(hold.feeKobo ?? 0n).toString()}::bigint, ${hold.day}::date,
      ${dailyLimitKobo(hold.verificationLevel, hold.ownDailyLimitKobo).toString()}::bigint, ${hold.transactionId ?? null}::integer, ${hold.kind}, ${hold.description})`,
  );
  return { holdId: Number(row.hold_id), created: row.created };
}

/**
 * Settles a hold exactly once (kolo_settle_hold): the amount goes to `destination` (payouts in
 * transit, a provider's clearing account, or a wallet account id) and the fee to fee income.
 * A hold already settled, released or reversed changes nothing and says so in `outcome`.
 */
export async function settleHold(
  db: DbOrTx,
  params: { reference: string; destination: SystemAccountCode | { accountId: number }; description: string },
): Promise<{ outcome: HoldOutcome; journalEntryId: number | null }> {
  const destination = typeof params.destination === "string" ? systemAccount(params.destination) : sql`${params.destination.accountId}::integer`;
  const row = await one<{ outcome: HoldOutcome; entry_id: string | null }>(
    db,
    sql`select outcome, entry_id from kolo_settle_hold(${params.reference}, ${destination}, ${systemAccount(SYSTEM_ACCOUNTS.feeIncome)}, ${params.description})`,
  );
  return { outcome: row.outcome, journalEntryId: row.entry_id === null ? null : Number(row.entry_id) };
}

/**
 * Releases a hold exactly once (kolo_release_hold): amount + fee back to the wallet and to the
 * day's allowance. A hold already settled, released or reversed changes nothing and says so.
 */
export async function releaseHold(
  db: DbOrTx,
  params: { reference: string; description: string },
): Promise<{ outcome: HoldOutcome; journalEntryId: number | null }> {
  const row = await one<{ outcome: HoldOutcome; entry_id: string | null }>(
    db,
    sql`select outcome, entry_id from kolo_release_hold(${params.reference}, ${params.description})`,
  );
  return { outcome: row.outcome, journalEntryId: row.entry_id === null ? null : Number(row.entry_id) };
}

/**
 * A provider's `reversed` after a settlement (kolo_reverse_hold): reverses the settlement entry
 * (linked to it) and gives amount + fee back to the wallet and the day's allowance, once.
 * outcome 'not-settled' (held or released) or 'already-reversed' changes nothing.
 */
export async function reverseHold(
  db: DbOrTx,
  params: { reference: string; description: string },
): Promise<{ outcome: HoldOutcome; journalEntryId: number | null }> {
  const row = await one<{ outcome: HoldOutcome; entry_id: string | null }>(
    db,
    sql`select outcome, entry_id from kolo_reverse_hold(${params.reference}, ${params.description})`,
  );
  return { outcome: row.outcome, journalEntryId: row.entry_id === null ? null : Number(row.entry_id) };
}

/**
 * Reverses a completed entry (kolo_reverse_entry): a new entry with the opposite postings,
 * linked to the original and its transaction record; at most once per entry (`created: false`
 * on a repeat). INSUFFICIENT_BALANCE when a wallet no longer holds what it received.
 */
export async function reverseJournalEntry(
  db: DbOrTx,
  params: { journalEntryId: number; description: string },
): Promise<{ journalEntryId: number; created: boolean }> {
  const row = await one<{ entry_id: string | number; created: boolean }>(
    db,
    sql`select entry_id, created from kolo_reverse_entry(${params.journalEntryId}::bigint, ${params.description})`,
  );
  return { journalEntryId: Number(row.entry_id), created: row.created };
}

interface P2PRow {
  replayed: boolean;
  id: number;
  type: TransactionRecord["type"];
  amount: string;
  fee: string;
  status: TransactionRecord["status"];
  reference: string;
  description: string;
  sender_id: number | null;
  recipient_id: number | null;
  metadata: unknown;
  idempotency_key: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/**
 * User-to-user transfer in one statement and one round trip (kolo_transfer_p2p, a prepared
 * statement on the pool): recipient by e-mail (active accounts only), both wallets locked in id
 * order, idempotency key replay, balance, daily limit (recordOutgoing's rule), record and entry.
 * `amountKobo` > 0; `day` is lagosDate(now). Errors: RECIPIENT_NOT_FOUND, RULE_VIOLATION (self),
 * IDEMPOTENCY_KEY_REUSED, INSUFFICIENT_BALANCE, DAILY_LIMIT_EXCEEDED.
 */
export async function postP2PTransfer(
  db: Database,
  params: {
    senderId: number;
    recipientEmail: string;
    amountKobo: bigint;
    idempotencyKey: string | null;
    reference: string;
    day: string;
    verificationLevel: number;
    ownDailyLimitKobo?: bigint | null;
  },
): Promise<{ transaction: TransactionRecord; replayed: boolean }> {
  const client = db.$client;
  const rows = await ledgerCall(
    () =>
      client<P2PRow[]>`select * from kolo_transfer_p2p(${params.senderId}, ${params.recipientEmail}, ${params.amountKobo.toString()},
        ${params.idempotencyKey}, ${params.reference}, ${params.day}, ${dailyLimitKobo(params.verificationLevel, params.ownDailyLimitKobo).toString()})`,
  );
  return p2pAnswer(rows[0], params.reference);
}

/**
 * postP2PTransfer inside the caller's database transaction `tx` (fraud monitoring reads its facts
 * first, in the same transaction: packages/api money/p2p.ts). Same rules, answers and errors.
 */
export async function postP2PTransferIn(
  tx: DbOrTx,
  params: Parameters<typeof postP2PTransfer>[1],
): Promise<{ transaction: TransactionRecord; replayed: boolean }> {
  const rows = (await ledgerCall(() =>
    tx.execute(sql`select * from kolo_transfer_p2p(${params.senderId}, ${params.recipientEmail}, ${params.amountKobo.toString()}::bigint,
      ${params.idempotencyKey}, ${params.reference}, ${params.day}::date, ${dailyLimitKobo(params.verificationLevel, params.ownDailyLimitKobo).toString()}::bigint)`),
  )) as unknown as P2PRow[];
  return p2pAnswer(rows[0], params.reference);
}

/** The record kolo_transfer_p2p answered, as a TransactionRecord. */
function p2pAnswer(row: P2PRow | undefined, reference: string): { transaction: TransactionRecord; replayed: boolean } {
  if (!row) throw new Error(`P2P ${reference} returned no row`);
  return {
    replayed: row.replayed,
    transaction: {
      id: row.id,
      type: row.type,
      amount: BigInt(row.amount),
      fee: BigInt(row.fee),
      status: row.status,
      reference: row.reference,
      description: row.description,
      senderId: row.sender_id,
      recipientId: row.recipient_id,
      // Written by the SQL function: checked against the P2P metadata schema like every other type's.
      metadata: parseTransactionMetadata("p2p", row.metadata),
      idempotencyKey: row.idempotency_key,
      // Raw SQL through the drizzle driver's client: timestamps come back as PostgreSQL text.
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
  };
}
