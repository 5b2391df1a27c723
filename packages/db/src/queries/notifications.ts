// E-mail alerts (docs/product.md "E-mail alerts"): known devices for the new-device notice, the
// money-alert outbox the `transactions` trigger fills, and the user's switch.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type TransactionRecord, journalEntries, ledgerAccounts, moneyAlerts, postings, transactions, userDevices, users } from "../schema";

/** A device row as the sign-in needs it: its id, whether it was new, and since when it is trusted. */
export interface RememberedDevice {
  id: number;
  isNew: boolean;
  trustedAt: Date | null;
}

/**
 * Records that `userId` signed in from the device `deviceHash` (its last-seen time, user agent and
 * `name` move on). A device new for the user is trusted at once when `trust` is set (the
 * registering browser) or when the user has no trusted device at all (an account made before
 * devices were tracked, or a seeded one: docs/decisions.md "Fraud controls").
 */
export async function rememberDevice(
  db: DbOrTx,
  params: { userId: number; deviceHash: string; userAgent: string | null; name: string | null; trust: boolean },
): Promise<RememberedDevice> {
  const [row] = (await db.execute(sql`
    insert into ${userDevices} (user_id, device_hash, user_agent, name, trusted_at)
    values (${params.userId}, ${params.deviceHash}, ${params.userAgent}, ${params.name},
      case when ${params.trust}::boolean or not exists (select 1 from ${userDevices} where user_id = ${params.userId} and trusted_at is not null)
        then now() end)
    on conflict (user_id, device_hash) do update set last_seen_at = now(), user_agent = excluded.user_agent, name = excluded.name
    returning id, (xmax = 0) as inserted, trusted_at`)) as unknown as { id: number; inserted: boolean; trusted_at: string | Date | null }[];
  if (!row) throw new Error("rememberDevice returned no row");
  return { id: Number(row.id), isNew: row.inserted, trustedAt: row.trusted_at === null ? null : new Date(row.trusted_at) };
}

/** The user's money-alert switch. */
export async function setMoneyAlerts(db: DbOrTx, userId: number, enabled: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ moneyAlerts: enabled, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ moneyAlerts: users.moneyAlerts });
  return row?.moneyAlerts ?? enabled;
}

/**
 * The id of the newest money alert in the outbox, 0 when there is none: a server asks for an alert
 * run when it grows (one read of the primary key's last entry).
 */
export async function newestMoneyAlertId(db: DbOrTx): Promise<number> {
  const [row] = (await db.execute(sql`select max(id) as id from money_alerts`)) as unknown as { id: number | string | null }[];
  return Number(row?.id ?? 0);
}

/** An alert waiting to be sent, with what the e-mail needs (amounts in kobo). */
export interface PendingMoneyAlert {
  id: number;
  direction: "credit" | "debit";
  userId: number;
  email: string;
  name: string;
  moneyAlerts: boolean;
  reference: string;
  type: TransactionRecord["type"];
  description: string;
  senderId: number | null;
  recipientId: number | null;
  metadata: TransactionRecord["metadata"];
  amount: bigint;
  fee: bigint;
  createdAt: Date;
  /**
   * The balance (kobo) right after this transaction moved the user's money: the `balance_after` of
   * the transaction's latest posting on a wallet of the user's in the alert's direction (a payout's
   * hold, a P2P's credit); null when there is none (then the alert says no balance).
   */
  balanceAfter: bigint | null;
  /** Which wallet that posting moved: the personal wallet, or the merchant balance of the user's business. */
  account: "user_wallet" | "merchant_wallet" | null;
}

/** The oldest `limit` alerts neither sent nor skipped. */
export async function pendingMoneyAlerts(db: DbOrTx, limit: number): Promise<PendingMoneyAlert[]> {
  const rows = await db
    .select({
      id: moneyAlerts.id,
      direction: moneyAlerts.direction,
      userId: moneyAlerts.userId,
      email: users.email,
      name: users.name,
      moneyAlerts: users.moneyAlerts,
      reference: transactions.reference,
      type: transactions.type,
      description: transactions.description,
      senderId: transactions.senderId,
      recipientId: transactions.recipientId,
      metadata: transactions.metadata,
      amount: transactions.amount,
      fee: transactions.fee,
      createdAt: transactions.createdAt,
      after: sql<{ balance: string; kind: "user_wallet" | "merchant_wallet" } | null>`(
        select json_build_object('balance', p.balance_after::text, 'kind', a.kind)
        from ${journalEntries} je
        join ${postings} p on p.journal_entry_id = je.id
        join ${ledgerAccounts} a on a.id = p.account_id
        where je.transaction_id = ${transactions.id} and a.user_id = ${moneyAlerts.userId} and a.kind in ('user_wallet', 'merchant_wallet')
          and (case when ${moneyAlerts.direction} = 'credit' then p.amount > 0 else p.amount < 0 end)
        order by p.id desc limit 1)`,
    })
    .from(moneyAlerts)
    .innerJoin(users, eq(users.id, moneyAlerts.userId))
    .innerJoin(transactions, eq(transactions.id, moneyAlerts.transactionId))
    .where(and(isNull(moneyAlerts.sentAt), isNull(moneyAlerts.skippedAt)))
    .orderBy(asc(moneyAlerts.id))
    .limit(limit);
  return rows.map(({ after, ...row }) => ({ ...row, balanceAfter: after ? BigInt(after.balance) : null, account: after?.kind ?? null }));
}

/** Marks an alert sent (or skipped: the user turned alerts off), once. */
export async function finishMoneyAlert(db: DbOrTx, id: number, outcome: "sent" | "skipped"): Promise<void> {
  await db
    .update(moneyAlerts)
    .set(outcome === "sent" ? { sentAt: new Date() } : { skippedAt: new Date() })
    .where(and(eq(moneyAlerts.id, id), isNull(moneyAlerts.sentAt), isNull(moneyAlerts.skippedAt)));
}
