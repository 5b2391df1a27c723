// The admin dashboard's figures (docs/product.md#admin-console): counts by role and level, today's
// volume, and the completed volume per Lagos day.
import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { merchants, transactions, userCounts, users } from "../schema";

export interface AdminStatsRow {
  totalUsers: number;
  activeMerchants: number;
  level0Users: number;
  level1Users: number;
  level2Users: number;
  /** Completed money created in [dayStart, dayEnd), kobo. */
  dailyKobo: bigint;
}

/**
 * Users per verification level and in all, summed over the slot rows of user_counts (kept by a
 * trigger at each commit; drizzle/0056_user_counts.sql): 16 rows read, whatever the table's size.
 */
export async function userLevelCounts(db: DbOrTx): Promise<{ total: number; level0: number; level1: number; level2: number }> {
  const [row] = await db
    .select({
      level0: sql<string>`coalesce(sum(${userCounts.level0}), 0)`,
      level1: sql<string>`coalesce(sum(${userCounts.level1}), 0)`,
      level2: sql<string>`coalesce(sum(${userCounts.level2}), 0)`,
    })
    .from(userCounts);
  const [level0, level1, level2] = [row?.level0, row?.level1, row?.level2].map(Number) as [number, number, number];
  return { total: level0 + level1 + level2, level0, level1, level2 };
}

/**
 * The dashboard's six figures (docs/product.md#admin-console Admin stats): users and users per
 * verification level (every account, admins included), merchant accounts whose owner is active,
 * and the kobo of completed transactions created in [dayStart, dayEnd) (the Lagos day).
 */
export async function adminStats(db: DbOrTx, params: { dayStart: Date; dayEnd: Date }): Promise<AdminStatsRow> {
  const levels = await userLevelCounts(db);
  const [merchantCount] = await db.select({ n: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.userId)).where(eq(users.status, "active"));
  const [daily] = await db
    .select({ kobo: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, "completed"),
        sql`${transactions.createdAt} >= ${params.dayStart.toISOString()}`,
        sql`${transactions.createdAt} < ${params.dayEnd.toISOString()}`,
      ),
    );
  return {
    totalUsers: levels.total,
    activeMerchants: merchantCount?.n ?? 0,
    level0Users: levels.level0,
    level1Users: levels.level1,
    level2Users: levels.level2,
    dailyKobo: BigInt(daily?.kobo ?? "0"),
  };
}

/**
 * Completed volume per Lagos day for the `days` days ending with `lastDay` (YYYY-MM-DD), oldest
 * first, days without money included as 0: the dashboard's Transaction Overview.
 */
export async function dailyCompletedVolume(db: DbOrTx, params: { lastDay: string; days: number }): Promise<{ day: string; kobo: bigint; count: number }[]> {
  const rows = (await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${params.lastDay}::date - (${params.days - 1}::int), ${params.lastDay}::date, interval '1 day') d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sum(t.amount), 0)::text as kobo, count(t.id)::int as n
    from days
    left join transactions t
      on t.status = 'completed'
     and t.created_at >= (days.day::timestamp at time zone 'Africa/Lagos')
     and t.created_at < ((days.day + 1)::timestamp at time zone 'Africa/Lagos')
    group by days.day
    order by days.day`)) as unknown as { day: string; kobo: string; n: number }[];
  return rows.map((row) => ({ day: row.day, kobo: BigInt(row.kobo), count: row.n }));
}
