// What bench:scale reads and searches for, picked from the database by queries so the benchmark
// runs on any size of data (docs/performance.md "bench:scale"). Benchmarks only; not used by the
// server. Each pick is null when the database has nothing to pick.
import type postgres from "postgres";

/** Users whose e-mail starts with this are the benchmark's own (sign-in, transfers): never a subject. */
export const BENCH_EMAIL_PREFIX = "bench-scale-";

export interface ScaleSubjects {
  /** Rows counted in users and transactions. */
  users: number;
  transactions: number;
  /** The user (not an admin, not the benchmark's) with the most transactions sent or received. */
  busiest: { id: number; email: string; transactions: number } | null;
  /** A reference of one of the busiest user's transactions, some way back (its receipt). */
  receiptReference: string | null;
  /** A word the busiest user's History search finds: the first name of someone they paid. */
  historySearch: string | null;
  /** The day of the busiest user's latest transaction (YYYY-MM-DD, Lagos), to end a week's date filter. */
  lastActiveDay: string | null;
  /** A user halfway through the table (not an admin): the admin search's name, e-mail and phone. */
  searchName: string | null;
  searchEmail: string | null;
  searchPhone: string | null;
  /** The reference of a transaction halfway through the table: the admin list's reference filter. */
  adminReference: string | null;
}

/**
 * Picks the subjects of bench:scale from the database `sql` reads (read-only queries). The busiest
 * user is one aggregate over every transaction (a full scan: seconds at ten million rows); the rest
 * are index lookups.
 */
export async function pickSubjects(sql: postgres.Sql): Promise<ScaleSubjects> {
  const [counts] = await sql<{ users: string; transactions: string }[]>`
    select (select count(*) from users) as users, (select count(*) from transactions) as transactions`;
  const [busiest] = await sql<{ id: number; email: string; n: string }[]>`
    select u.id, u.email, c.n from (
      select party, count(*) as n from (
        select sender_id as party from transactions where sender_id is not null
        union all
        select recipient_id from transactions where recipient_id is not null and recipient_id is distinct from sender_id
      ) p group by party
    ) c join users u on u.id = c.party
    where u.role <> 'admin' and u.email not like ${`${BENCH_EMAIL_PREFIX}%`}
    order by c.n desc, u.id limit 1`;
  let receiptReference: string | null = null;
  let historySearch: string | null = null;
  let lastActiveDay: string | null = null;
  if (busiest) {
    const sent = await sql<{ reference: string }[]>`
      select reference from transactions where sender_id = ${busiest.id} order by created_at desc limit 1 offset 20`;
    const any = await sql<{ reference: string }[]>`
      select reference from transactions where recipient_id = ${busiest.id} order by created_at desc limit 1`;
    receiptReference = sent[0]?.reference ?? any[0]?.reference ?? null;
    const [payee] = await sql<{ name: string }[]>`
      select u.name from transactions t join users u on u.id = t.recipient_id
      where t.sender_id = ${busiest.id} and t.recipient_id <> ${busiest.id} order by t.created_at desc limit 1`;
    historySearch = payee?.name.trim().split(/\s+/)[0] ?? null;
    const [last] = await sql<{ day: string | null }[]>`
      select to_char(max(created_at) at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day from (
        (select created_at from transactions where sender_id = ${busiest.id} order by created_at desc limit 1)
        union all
        (select created_at from transactions where recipient_id = ${busiest.id} order by created_at desc limit 1)
      ) l`;
    lastActiveDay = last?.day ?? null;
  }
  // Halfway through the ids, else (the later half being the benchmark's own) the first there is.
  const someone = (from: "middle" | "start") => sql<{ name: string; email: string; phone: string | null }[]>`
    select name, email, phone from users
    where id >= ${from === "middle" ? sql`(select (min(id) + max(id)) / 2 from users)` : 0} and role <> 'admin' and email not like ${`${BENCH_EMAIL_PREFIX}%`}
    order by (phone is null), id limit 1`;
  const middle = (await someone("middle"))[0] ?? (await someone("start"))[0];
  const [reference] = await sql<{ reference: string }[]>`
    select reference from transactions where id >= (select (min(id) + max(id)) / 2 from transactions) order by id limit 1`;
  return {
    users: Number(counts?.users ?? 0),
    transactions: Number(counts?.transactions ?? 0),
    busiest: busiest ? { id: busiest.id, email: busiest.email, transactions: Number(busiest.n) } : null,
    receiptReference,
    historySearch,
    lastActiveDay,
    searchName: middle?.name.trim().split(/\s+/).at(-1) ?? null,
    searchEmail: middle?.email.split("@")[0] ?? null,
    searchPhone: middle?.phone?.slice(-7) ?? null,
    adminReference: reference?.reference ?? null,
  };
}
