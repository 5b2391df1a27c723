// Fraud monitoring's reads (docs/product.md "Fraud controls"): its settings, and the facts about a
// payment read inside the database transaction that moves it. The rules themselves are pure
// (@kolo/domain evaluateFraudRules).
import {
  FRAUD_CONTROL_FIELDS,
  FRAUD_SETTING_KEYS,
  type FraudControls,
  type FraudFacts,
  type FraudSettings,
  NEW_DEVICE_CAP_KEY,
  fraudControlStored,
  fraudSettingsFrom,
  newDeviceCapFrom,
} from "@kolo/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { adminLimits, type TransactionRecord } from "../schema";

/** Fraud monitoring's thresholds from admin_limits (defaults in @kolo/domain for rows that are missing). */
export async function readFraudSettings(db: DbOrTx): Promise<FraudSettings> {
  const rows = await db
    .select({ key: adminLimits.key, value: adminLimits.valueKobo })
    .from(adminLimits)
    .where(inArray(adminLimits.key, Object.values(FRAUD_SETTING_KEYS)));
  return fraudSettingsFrom(new Map(rows.map((r) => [r.key, r.value])));
}

/** Sets one fraud threshold (admin_limits; `value` kobo for the median floor, else a plain number). */
export async function setFraudSetting(db: DbOrTx, key: keyof FraudSettings, value: bigint): Promise<void> {
  await db
    .insert(adminLimits)
    .values({ key: FRAUD_SETTING_KEYS[key], valueKobo: value, description: `Fraud monitoring: ${key}` })
    .onConflictDoUpdate({ target: adminLimits.key, set: { valueKobo: value, updatedAt: new Date() } });
}

/**
 * The fraud controls an admin edits (docs/product.md "Fraud controls"): monitoring's settings and
 * the first-day cap (kobo), from admin_limits; defaults for rows that are missing. `forUpdate` locks
 * the rows that exist (an approval carrying out a change reads the values before under the lock).
 */
export async function readFraudControls(db: DbOrTx, options: { forUpdate?: boolean } = {}): Promise<FraudControls> {
  const query = db
    .select({ key: adminLimits.key, value: adminLimits.valueKobo })
    .from(adminLimits)
    .where(inArray(adminLimits.key, [...Object.values(FRAUD_SETTING_KEYS), NEW_DEVICE_CAP_KEY]));
  const rows = new Map((await (options.forUpdate ? query.for("update") : query)).map((r) => [r.key, r.value]));
  return { ...fraudSettingsFrom(rows), newDeviceCapKobo: newDeviceCapFrom(rows) };
}

/**
 * Writes `changes` to their admin_limits rows (kobo for the median floor and the cap, 1/0 for the
 * switch, else the number), in `tx`; answers the controls before and after. Read at payment time
 * (readFraudSettings, kolo_record_outgoing), so a change holds from the next payment.
 */
export async function writeFraudControls(tx: DbOrTx, changes: Partial<FraudControls>): Promise<{ before: FraudControls; after: FraudControls }> {
  const before = await readFraudControls(tx, { forUpdate: true });
  for (const [field, value] of Object.entries(changes) as [keyof FraudControls, FraudControls[keyof FraudControls]][]) {
    const { key, label } = FRAUD_CONTROL_FIELDS[field];
    const valueKobo = fraudControlStored(value);
    await tx
      .insert(adminLimits)
      .values({ key, valueKobo, description: label })
      .onConflictDoUpdate({ target: adminLimits.key, set: { valueKobo, updatedAt: new Date() } });
  }
  return { before, after: await readFraudControls(tx) };
}

/**
 * Serialises the fraud screening of one payer's money out: a transaction-scoped advisory lock on
 * (hashtext('fraud-facts'), `userId`), taken in the payment's transaction before readFraudFacts and
 * held until it commits, so the next payment of the same payer reads this one's record (the
 * "new recipients in one hour" count cannot race). Taken before any ledger row lock, and only
 * ever after the (payer, idempotency key) lock (docs/decisions.md "Fraud monitoring").
 */
export async function lockPayerForScreening(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fraud-facts'), ${userId}::integer)`);
}

/**
 * Turns the fraud controls off: monitoring, and the first-day cap at 0 (admin_limits). For the test
 * harnesses and the fault campaign, whose few fresh users pay many new recipients most of their
 * balance within their first day (docs/decisions.md "Fraud controls"); the controls' own tests turn
 * them back on.
 */
export async function switchOffFraudControls(db: DbOrTx): Promise<void> {
  await setFraudSetting(db, "enabled", 0n);
  await db.update(adminLimits).set({ valueKobo: 0n, updatedAt: new Date() }).where(eq(adminLimits.key, "new_device_cap"));
}

/** The money-out types: a record of these with the user as sender is a payment of theirs. */
const MONEY_OUT = sql`('p2p', 'transfer', 'payment', 'airtime', 'data', 'electricity', 'cable')`;

/**
 * Who a money-out record paid, as one text key: a Kolo wallet (`user:{id}`), a bank account
 * (`bank:{code}:{number}`), a merchant, a meter, a smartcard, or a phone (airtime, data). The SQL
 * function kolo_payee_key (migration 0055_fraud_facts_flat), which the index
 * transactions_sender_payee_idx is built on, so "paid before?" is one index probe.
 */
const payeeKeyOf = (t: string) => sql.raw(`kolo_payee_key(${t}.type, ${t}.recipient_id, ${t}.metadata)`);

/** The metadata fields kolo_payee_key reads: the payee of a payment about to be made is keyed by the same function. */
const PAYEE_FIELDS = ["bankCode", "accountNumber", "merchantId", "meterNumber", "smartcardNumber", "phoneNumber"] as const;

/** kolo_payee_key of a payment about to be made (no row yet): its type, recipient and the metadata fields it reads. */
function payeeKeyFor(payment: Pick<TransactionRecord, "type" | "recipientId" | "metadata">) {
  const metadata = payment.metadata as Record<string, unknown>;
  const fields = Object.fromEntries(PAYEE_FIELDS.filter((field) => metadata[field] !== undefined).map((field) => [field, metadata[field]]));
  return sql`kolo_payee_key(${payment.type}::transaction_type, ${payment.recipientId}::integer, ${JSON.stringify(fields)}::jsonb)`;
}

/**
 * The facts of evaluateFraudRules for `userId` paying `amountKobo` to the payee of `payment` (its
 * type, recipient and metadata, keyed by kolo_payee_key as the records paid before are), in one
 * statement, inside the payment's database transaction (before its own record is written, or
 * excluding `excludeTransactionId`). Flat in the payer's history (docs/performance.md "At scale"):
 * - whether the payee was paid before: one probe of transactions_sender_payee_idx;
 * - paid since the device was first seen: the newest records on transactions_sender_created_idx,
 *   stopping at the first that was not failed;
 * - new payees in the last hour: read only when the payee is new and the rule is on (`settings`),
 *   from the hour's records, each payee probed for an earlier payment;
 * - the 90-day median: read only when the amount is above the rule's floor and the rule is on;
 *   else `medianKobo` is null and `newRecipientsLastHour` 0, which evaluateFraudRules cannot tell
 *   from the full facts (those rules need the amount above the floor, or a new payee).
 *
 * "New device": the device's row in user_devices (by `deviceHash`, the SHA-256 of the `kolo_device`
 * cookie) gives the time it became able to pay, when it was trusted (docs/product.md "Trusted
 * devices"), else its first sight; with no device known, the account's creation does.
 */
export async function readFraudFacts(
  tx: DbOrTx,
  params: {
    userId: number;
    deviceHash: string | null;
    payment: Pick<TransactionRecord, "type" | "recipientId" | "metadata">;
    amountKobo: bigint;
    now: Date;
    excludeTransactionId?: number;
    settings: Pick<FraudSettings, "newRecipientsPerHour" | "medianMultiple" | "medianFloorKobo">;
  },
): Promise<FraudFacts> {
  const now = params.now.toISOString();
  const { settings } = params;
  const mine = (t: string) =>
    sql`${sql.raw(t)}.sender_id = ${params.userId} and ${sql.raw(t)}.type in ${MONEY_OUT} and ${sql.raw(t)}.id <> ${params.excludeTransactionId ?? 0}`;
  // Literals, not parameters: the plan leaves out what it will not read.
  const countNew = sql.raw(settings.newRecipientsPerHour > 0 ? "true" : "false");
  const needMedian = sql.raw(settings.medianMultiple > 0 && params.amountKobo > settings.medianFloorKobo ? "true" : "false");
  const rows = (await tx.execute(sql`
    with seen as (
      select coalesce(
        (select coalesce(d.trusted_at, d.created_at) from user_devices d where d.user_id = ${params.userId} and d.device_hash = ${params.deviceHash}),
        (select u.created_at from users u where u.id = ${params.userId})
      ) as first_seen
    ), known as (
      select exists (select 1 from transactions t where ${mine("t")} and ${payeeKeyOf("t")} = ${payeeKeyFor(params.payment)}) as paid_before
    )
    select
      coalesce((select a.balance from ledger_accounts a where a.kind = 'user_wallet' and a.user_id = ${params.userId}), 0)::text as balance,
      (select first_seen from seen) as first_seen,
      exists (select 1 from transactions t, seen where ${mine("t")} and t.created_at >= seen.first_seen and t.status <> 'failed') as paid_since,
      not (select paid_before from known) as new_recipient,
      case when ${countNew} and not (select paid_before from known) then (
        select count(*) from (
          select distinct ${payeeKeyOf("h")} as payee from transactions h
          where ${mine("h")} and h.created_at > ${now}::timestamptz - interval '1 hour'
        ) hour
        where not exists (
          select 1 from transactions t
          where ${mine("t")} and ${payeeKeyOf("t")} = hour.payee and t.created_at <= ${now}::timestamptz - interval '1 hour'
        )
      ) else 0 end::int as new_last_hour,
      case when ${needMedian} then (
        select percentile_disc(0.5) within group (order by t.amount) from transactions t
        where ${mine("t")} and t.status = 'completed' and t.created_at > ${now}::timestamptz - interval '90 days'
      ) end::text as median,
      greatest(
        (select max(r.used_at) from password_reset_tokens r where r.user_id = ${params.userId}),
        (select p.reset_at from transaction_pins p where p.user_id = ${params.userId})
      ) as last_reset
  `)) as unknown as {
    balance: string;
    first_seen: string | Date;
    paid_since: boolean;
    new_recipient: boolean;
    new_last_hour: number;
    median: string | null;
    last_reset: string | Date | null;
  }[];
  const row = rows[0];
  if (!row) throw new Error("readFraudFacts returned no row");
  return {
    amountKobo: params.amountKobo,
    balanceKobo: BigInt(row.balance),
    firstSeenAt: new Date(row.first_seen),
    paidSinceFirstSeen: row.paid_since,
    newRecipient: row.new_recipient,
    newRecipientsLastHour: Number(row.new_last_hour),
    medianKobo: row.median === null ? null : BigInt(row.median),
    lastResetAt: row.last_reset === null ? null : new Date(row.last_reset),
    now: params.now,
  };
}

/** How many times each fraud rule held a payment (the review items of kind fraud), for /admin/reviews. */
export async function fraudRuleHitCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = (await db.execute(sql`
    select rule, count(*)::int as hits
    from review_items, jsonb_array_elements_text(coalesce((select t.metadata->'fraudReview'->'rules' from transactions t where t.id = review_items.transaction_id), '[]'::jsonb)) as rule
    where review_items.kind = 'fraud'
    group by rule
  `)) as unknown as { rule: string; hits: number }[];
  return Object.fromEntries(rows.map((r) => [r.rule, Number(r.hits)]));
}
