// Merchant analytics and customers (docs/decisions/merchants.md "Analytics and customers"): SQL
// aggregates over the views merchant_payments and merchant_refunds (migration 0049_merchant_analytics),
// read through the index transactions_merchant_payments_idx (merchant, time; covering). Lagos calendar days.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { containsPattern } from "./admin-users";

/** One Lagos day and channel of a merchant's sales: kobo and number of payments. */
export interface MerchantSalesRow {
  day: string;
  channel: string;
  kobo: bigint;
  count: number;
}

/**
 * A Lagos midnight: `date_bin('1 day', t, LAGOS_MIDNIGHT)` is the start of t's Lagos day, plain
 * arithmetic per row where `at time zone` looks the zone up (Lagos keeps UTC+01:00 all year;
 * docs/decisions/merchants.md "Analytics and customers").
 */
const LAGOS_MIDNIGHT = "2000-01-01T00:00:00+01:00";

/** The instants bounding Lagos days `firstDay`..`lastDay` (YYYY-MM-DD, both included), as SQL. */
const lagosPeriod = (firstDay: string, lastDay: string) => ({
  from: sql`(${firstDay}::date::timestamp at time zone 'Africa/Lagos')`,
  to: sql`((${lastDay}::date + 1)::timestamp at time zone 'Africa/Lagos')`,
});

/**
 * The merchant's completed payments from Lagos day `firstDay` to `lastDay` (both included), summed
 * per Lagos day and channel (kobo); days and channels without payments have no row. One range scan
 * of transactions_merchant_payments_idx.
 */
export async function merchantSalesByDay(db: DbOrTx, params: { merchantId: number; firstDay: string; lastDay: string }): Promise<MerchantSalesRow[]> {
  const period = lagosPeriod(params.firstDay, params.lastDay);
  const rows = (await db.execute(sql`
    select to_char(s.day_start at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day, s.channel, s.kobo::text as kobo, s.n
    from (
      select date_bin('1 day', p.created_at, ${LAGOS_MIDNIGHT}::timestamptz) as day_start, p.channel, sum(p.amount) as kobo, count(*)::int as n
      from merchant_payments p
      where p.merchant_id = ${params.merchantId} and p.created_at >= ${period.from} and p.created_at < ${period.to}
      group by 1, 2
    ) s`)) as unknown as { day: string; channel: string; kobo: string; n: number }[];
  return rows.map((row) => ({ day: row.day, channel: row.channel, kobo: BigInt(row.kobo), count: row.n }));
}

/** The merchant's completed refunds asked for from Lagos day `firstDay` to `lastDay` (both included): kobo and how many. */
export async function merchantRefundTotals(
  db: DbOrTx,
  params: { merchantId: number; firstDay: string; lastDay: string },
): Promise<{ kobo: bigint; count: number }> {
  const period = lagosPeriod(params.firstDay, params.lastDay);
  const [row] = (await db.execute(sql`
    select coalesce(sum(r.amount), 0)::text as kobo, count(*)::int as n
    from merchant_refunds r
    where r.merchant_id = ${params.merchantId} and r.created_at >= ${period.from} and r.created_at < ${period.to}`)) as unknown as {
    kobo: string;
    n: number;
  }[];
  return { kobo: BigInt(row?.kobo ?? "0"), count: row?.n ?? 0 };
}

/** One payer of a merchant: a Kolo user or a guest (by e-mail), with what they paid in all (kobo). */
export interface MerchantCustomerRow {
  kind: "user" | "guest";
  name: string;
  email: string | null;
  phone: string | null;
  totalKobo: bigint;
  count: number;
  lastPaymentAt: Date;
}

/**
 * One page of the merchant's payers, the latest payer first, with the number of payers that match.
 * A Kolo user is one payer whatever name it paid under (its name, e-mail and phone now); a guest is
 * one payer per e-mail. `search` matches part of the name, e-mail or phone, ignoring case. The
 * payments are read through transactions_merchant_payments_idx and grouped once per request.
 */
export async function listMerchantCustomers(
  db: DbOrTx,
  params: { merchantId: number; search: string; page: number; limit: number },
): Promise<{ rows: MerchantCustomerRow[]; total: number }> {
  const search = params.search.trim().toLowerCase();
  const pattern = containsPattern(search);
  const matches = search ? sql`(lower(c.name) like ${pattern} or lower(c.email) like ${pattern} or c.phone like ${pattern})` : sql`true`;
  const rows = (await db.execute(sql`
    with payers as (
      select p.payer_user_id as user_id,
             case when p.payer_user_id is null then p.payer_email end as guest_email,
             max(p.payer_name) filter (where p.payer_user_id is null) as guest_name,
             sum(p.amount) as kobo, count(*)::int as n, max(p.created_at) as last_at
      from merchant_payments p
      where p.merchant_id = ${params.merchantId}
      group by 1, 2
    ),
    customers as (
      select case when c.user_id is null then 'guest' else 'user' end as kind,
             coalesce(u.name, c.guest_name, c.guest_email, '') as name, coalesce(u.email, c.guest_email) as email, u.phone,
             c.kobo, c.n, c.last_at, c.user_id
      from payers c left join users u on u.id = c.user_id
    ),
    matching as (select * from customers c where ${matches})
    select t.total, m.kind, m.name, m.email, m.phone, m.kobo::text as kobo, m.n, m.last_at
    from (select count(*)::int as total from matching) t
    left join lateral (
      select * from matching order by last_at desc, user_id nulls last, email limit ${params.limit} offset ${(params.page - 1) * params.limit}
    ) m on true`)) as unknown as {
    total: number;
    kind: "user" | "guest" | null;
    name: string;
    email: string | null;
    phone: string | null;
    kobo: string;
    n: number;
    last_at: Date | string;
  }[];
  const total = rows[0]?.total ?? 0;
  return {
    total,
    rows: rows
      .filter((row) => row.kind !== null)
      .map((row) => ({
        kind: row.kind!,
        name: row.name,
        email: row.email,
        phone: row.phone,
        totalKobo: BigInt(row.kobo),
        count: row.n,
        lastPaymentAt: new Date(row.last_at),
      })),
  };
}
