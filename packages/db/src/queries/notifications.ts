// E-mail alerts (docs/product.md "E-mail alerts"): known devices for the new-device notice, the
// money-alert outbox the `transactions` trigger fills, and the user's switch.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { moneyAlerts, transactions, userDevices, users } from "../schema";

/**
 * Records that `userId` signed in from the device `deviceHash` (its last-seen time moves on);
 * answers true when the device was not known for this user before.
 */
export async function rememberDevice(db: DbOrTx, userId: number, deviceHash: string, userAgent: string | null): Promise<boolean> {
  const [row] = (await db.execute(sql`
    insert into ${userDevices} (user_id, device_hash, user_agent) values (${userId}, ${deviceHash}, ${userAgent})
    on conflict (user_id, device_hash) do update set last_seen_at = now(), user_agent = excluded.user_agent
    returning (xmax = 0) as inserted`)) as unknown as { inserted: boolean }[];
  return row?.inserted ?? false;
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

/** An alert waiting to be sent, with what the e-mail needs (amounts in kobo). */
export interface PendingMoneyAlert {
  id: number;
  direction: "credit" | "debit";
  userId: number;
  email: string;
  name: string;
  moneyAlerts: boolean;
  reference: string;
  type: string;
  description: string;
  amount: bigint;
  fee: bigint;
  createdAt: Date;
}

/** The oldest `limit` alerts neither sent nor skipped. */
export async function pendingMoneyAlerts(db: DbOrTx, limit: number): Promise<PendingMoneyAlert[]> {
  return db
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
      amount: transactions.amount,
      fee: transactions.fee,
      createdAt: transactions.createdAt,
    })
    .from(moneyAlerts)
    .innerJoin(users, eq(users.id, moneyAlerts.userId))
    .innerJoin(transactions, eq(transactions.id, moneyAlerts.transactionId))
    .where(and(isNull(moneyAlerts.sentAt), isNull(moneyAlerts.skippedAt)))
    .orderBy(asc(moneyAlerts.id))
    .limit(limit);
}

/** Marks an alert sent (or skipped: the user turned alerts off), once. */
export async function finishMoneyAlert(db: DbOrTx, id: number, outcome: "sent" | "skipped"): Promise<void> {
  await db
    .update(moneyAlerts)
    .set(outcome === "sent" ? { sentAt: new Date() } : { skippedAt: new Date() })
    .where(and(eq(moneyAlerts.id, id), isNull(moneyAlerts.sentAt), isNull(moneyAlerts.skippedAt)));
}
