// seed:scale (docs/performance.md "At scale") at a tiny size on a real PostgreSQL: every kind of
// transaction and every verification level is there, the full ledger verification passes, a run
// stopped after some batches resumes without writing anything twice, and balances equal postings.
import { type TestDatabase, createTestDatabase } from "@kolo/db/testing";
import { verifyLedger } from "@kolo/db";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SCALE_BUSIEST_EMAIL, merchantCount, seedScale } from "../src/seed-scale";

const SIZE = { users: 200, transactions: 3_000, months: 2, batchSize: 500, passwordHash: "not-a-real-hash", pinHash: "not-a-real-hash", log: () => {} };
let t: TestDatabase;
let sql: postgres.Sql;
beforeAll(async () => {
  t = await createTestDatabase();
  sql = postgres(t.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

describe("seed:scale", () => {
  it("stops after two batches, resumes to the full size without a row twice, and the ledger verifies", async () => {
    await seedScale(t.url, { ...SIZE, stopAfterBatches: 2 });
    const [stopped] = await sql<{ n: number }[]>`select count(*)::int as n from transactions`;
    expect(stopped!.n).toBe(1_000);
    expect((await sql`select step from seed_scale_progress where step like 'ledger:%' order by step`).map((r) => r.step)).toEqual(["ledger:0", "ledger:1"]);

    await seedScale(t.url, SIZE);
    const [counts] = await sql<{ transactions: number; refs: number; users: number; merchants: number; entries: number; keys: number }[]>`
      select (select count(*)::int from transactions) as transactions, (select count(distinct reference)::int from transactions) as refs,
             (select count(*)::int from users) as users, (select count(*)::int from merchants) as merchants,
             (select count(*)::int from journal_entries) as entries, (select count(distinct idempotency_key)::int from journal_entries) as keys`;
    expect(counts).toMatchObject({ transactions: 3_000, refs: 3_000, users: 200, merchants: merchantCount(200) });
    expect(counts!.keys).toBe(counts!.entries);

    // A third run finds every step done and adds nothing.
    expect(await seedScale(t.url, SIZE)).toEqual([]);
    expect((await sql<{ n: number }[]>`select count(*)::int as n from postings`)[0]!.n).toBeGreaterThan(Number(counts!.entries) * 2 - 1);

    const result = await verifyLedger(t.db, { full: true });
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("holds every kind of transaction, users at every level, and balances equal to their postings", async () => {
    const kinds = await sql<{ kind: string }[]>`
      select distinct type || ':' || status || ':' || coalesce(metadata->>'channel', '') as kind from transactions order by 1`;
    const names = kinds.map((row) => row.kind);
    for (const kind of [
      "topup:completed:card",
      "topup:completed:bank_transfer",
      "topup:failed:card",
      "p2p:completed:",
      "transfer:completed:bank_transfer",
      "transfer:completed:withdrawal",
      "transfer:processing:bank_transfer",
      "transfer:failed:bank_transfer",
      "airtime:completed:",
      "data:completed:",
      "electricity:completed:",
      "cable:completed:",
      "payment:completed:qr",
      "payment:completed:invoice",
      "payment:completed:refund",
    ]) {
      expect(names).toContain(kind);
    }
    // Unpaid checkouts older than an hour are failed 'Checkout expired', as the minute job leaves them on a live database.
    const [topUps] = await sql<{ expired: number; stale: number }[]>`
      select count(*) filter (where status = 'failed' and metadata->>'failureReason' = 'Checkout expired')::int as expired,
             count(*) filter (where status = 'pending' and created_at < now() - interval '1 hour')::int as stale
      from transactions where type = 'topup'`;
    expect(topUps!.expired).toBeGreaterThan(0);
    expect(topUps!.stale).toBe(0);
    const holds = (await sql<{ status: string }[]>`select distinct status::text as status from holds order by 1`).map((row) => row.status);
    expect(holds).toEqual(["held", "released", "settled"]);
    const levels = (await sql<{ level: number }[]>`select distinct verification_level as level from users order by 1`).map((row) => row.level);
    expect(levels).toEqual([0, 1, 2]);
    const [drift] = await sql<{ n: number }[]>`
      select count(*)::int as n from ledger_accounts a left join (select account_id, sum(amount) as s from postings group by 1) p on p.account_id = a.id
      where a.balance <> coalesce(p.s, 0)`;
    expect(drift!.n).toBe(0);
    const [after] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select balance_after, sum(amount) over (partition by account_id order by id) as running from postings) x where balance_after <> running`;
    expect(after!.n).toBe(0);
    // The busiest user: far more records than the average user.
    const [busiest] = await sql<{ n: number }[]>`
      select count(*)::int as n from transactions t join users u on u.id in (t.sender_id, t.recipient_id) where u.email = ${SEED_SCALE_BUSIEST_EMAIL}`;
    expect(busiest!.n).toBeGreaterThan((3_000 / 200) * 2);
    for (const table of ["bank_accounts", "beneficiaries", "dedicated_accounts", "transaction_pins", "invoices", "support_tickets", "ticket_replies"]) {
      expect((await sql.unsafe(`select count(*)::int as n from ${table}`))[0]!.n, table).toBeGreaterThan(0);
    }
    expect((await sql`select count(*)::int as n from invoices where status = 'paid'`)[0]!.n).toBeGreaterThan(0);
    // The admin list's maintained counts match the table.
    const [counted] = await sql<{ counted: string; actual: string }[]>`
      select (select sum(pending + processing + completed + failed + reversed) from transaction_counts)::text as counted, (select count(*) from transactions)::text as actual`;
    expect(counted!.counted).toBe(counted!.actual);
    const [users] = await sql<{ counted: string; actual: string }[]>`
      select (select sum(level0 + level1 + level2) from user_counts)::text as counted, (select count(*) from users)::text as actual`;
    expect(users!.counted).toBe(users!.actual);
    // The admin search's words, written for every seeded user although the load's triggers were off.
    const [words] = await sql<{ missing: number }[]>`
      select count(*)::int as missing from users u, unnest(kolo_user_search_words(kolo_user_search_text(u.name, u.email))) w
      where not exists (select 1 from user_search_words s where s.word = w and s.user_id = u.id)`;
    expect(words!.missing).toBe(0);
    // The indexes dropped for the load are back, and the identity sequences follow the copied ids.
    expect((await sql`select count(*)::int as n from pg_indexes where indexname = 'postings_account_id_id_idx'`)[0]!.n).toBe(1);
    const [{ next }] = (await sql`select nextval(pg_get_serial_sequence('transactions', 'id'))::int as next`) as unknown as [{ next: number }];
    expect(next).toBe(3_001);
  });

  it("refuses a database with other users' data unless forced", async () => {
    const other = await createTestDatabase();
    try {
      await other.db.execute((await import("drizzle-orm")).sql`insert into users (name, email, password_hash) values ('Real Person', 'real@example.com', 'x')`);
      await expect(seedScale(other.url, SIZE)).rejects.toThrow(/already holds 1 users and 0 transactions/);
    } finally {
      await other.close();
    }
  });
});
