import { type PostingInput, type SystemAccountCode, SYSTEM_ACCOUNTS, applyPostings, assertBalanced } from "@kolo/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Transaction } from "../client";
import { journalEntries, ledgerAccounts, postings } from "../schema";

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

/** Id of the user's wallet account, created on first use. */
export async function ensureUserWallet(db: DbOrTx, userId: number): Promise<number> {
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "user_wallet"), eq(ledgerAccounts.userId, userId)))
    .limit(1);
  if (existing) return existing.id;
  await db
    .insert(ledgerAccounts)
    .values({ kind: "user_wallet", userId })
    .onConflictDoNothing({ target: ledgerAccounts.userId, where: sql`${ledgerAccounts.kind} = 'user_wallet'` });
  return ensureUserWallet(db, userId);
}

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
 * Locks the given accounts FOR UPDATE in ascending id order (the one fixed order every writer
 * uses, so two transfers in opposite directions cannot deadlock). Returns them by id.
 */
export async function lockAccounts(tx: Transaction, accountIds: readonly number[]): Promise<LockedAccounts> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for("update");
  return new Map(rows.map((row) => [row.id, { balance: row.balance, isSystem: row.kind === "system" }]));
}

/**
 * Locks the wallets of `userIds` FOR UPDATE in ascending account id order, creating any that
 * are missing first. Returns wallet account id by user id, and the locked accounts.
 */
export async function lockUserWallets(tx: Transaction, userIds: readonly number[]) {
  const select = () =>
    tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, "user_wallet"), inArray(ledgerAccounts.userId, [...userIds])))
      .orderBy(ledgerAccounts.id)
      .for("update");
  let rows = await select();
  if (rows.length < new Set(userIds).size) {
    for (const userId of userIds) await ensureUserWallet(tx, userId);
    rows = await select();
  }
  const walletByUser = new Map(rows.map((row) => [row.userId!, row.id]));
  const accounts: LockedAccounts = new Map(rows.map((row) => [row.id, { balance: row.balance, isSystem: false }]));
  return { walletByUser, accounts };
}

export type LockedAccounts = Map<number, { balance: bigint; isSystem: boolean }>;

export interface JournalEntryInput {
  /** Unique key of this movement: a replay with the same key posts nothing. */
  idempotencyKey: string;
  kind: string;
  description: string;
  postings: PostingInput[];
}

/**
 * The one writer of the ledger. Inside the caller's transaction: records the entry (or finds
 * that its idempotency key was already posted: `created: false`, nothing written), locks the
 * accounts in id order unless the caller already did, refuses a wallet going below zero
 * (DomainError 'Insufficient Balance'), then writes the postings and moves the balances.
 * `alongside(journalEntryId)` is a write of the caller's (e.g. the transaction record) sent in
 * the same pipeline as the postings, so the locks are held one round trip less.
 */
export async function postJournalEntry<T = undefined>(
  tx: Transaction,
  entry: JournalEntryInput,
  options: { locked?: LockedAccounts; alongside?: (journalEntryId: number) => Promise<T> } = {},
): Promise<{ journalEntryId: number; created: boolean; alongside?: T }> {
  assertBalanced(entry.postings);
  const [inserted] = await tx
    .insert(journalEntries)
    .values({ idempotencyKey: entry.idempotencyKey, kind: entry.kind, description: entry.description })
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning({ id: journalEntries.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
    if (!existing) throw new Error(`Journal entry ${entry.idempotencyKey} conflicted but cannot be found`);
    return { journalEntryId: existing.id, created: false };
  }
  const { locked } = options;
  const covered = locked && entry.postings.every((p) => locked.has(p.accountId));
  const accounts = covered ? locked : await lockAccounts(tx, entry.postings.map((p) => p.accountId));
  const balances = applyPostings(accounts, entry.postings);
  const values = sql.join(
    [...balances].map(([accountId, balance]) => sql`(${accountId}::integer, ${balance.toString()}::bigint)`),
    sql`, `,
  );
  // Sent together: postgres.js pipelines them on the transaction's connection, executed in order.
  const [, , alongside] = await Promise.all([
    tx.insert(postings).values(entry.postings.map((p) => ({ journalEntryId: inserted.id, accountId: p.accountId, amount: p.amount }))),
    tx.execute(sql`update ledger_accounts as a set balance = v.balance from (values ${values}) as v(id, balance) where a.id = v.id`),
    options.alongside?.(inserted.id),
  ]);
  return { journalEntryId: inserted.id, created: true, alongside };
}
