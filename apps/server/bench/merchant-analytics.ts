// `pnpm bench:merchant-analytics`: GET /api/merchants/me/analytics (7, 30, 90 days) and
// GET /api/merchants/me/customers (first page, a search, the last page) for a merchant with
// 100,000 payments, on the server in its own process: p50 and p99 of each over sequential requests
// after a warm-up. Target: within 200 ms (docs/performance.md). Seeded with set-based SQL straight
// into `transactions`, triggers off (history raises no alerts or events): QR and invoice records of
// BENCH_PAYERS payers over the last 120 days, another merchant's payments and top-ups beside them.
// The views read only those records, so no journal entries are written. Not a test.
// Options (env): BENCH_PAYMENTS (100000), BENCH_PAYERS (5000), BENCH_OTHER (20000), BENCH_NOISE
// (200000 top-ups), BENCH_SAMPLES (50), BENCH_EXPLAIN (1: the plans of both aggregates, EXPLAIN ANALYZE).
import { type DbOrTx, listMerchantCustomers, merchantSalesByDay } from "@kolo/db";
import { lagosDate, lagosDays } from "@kolo/domain";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { percentile, startBenchStack } from "./kit";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 5_000);
const OTHER = Number(process.env.BENCH_OTHER ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const NOISE = Number(process.env.BENCH_NOISE ?? 200_000);

/** `count` payment records to `merchantId` by the payers with ids `firstPayer`.., over the last 120 days. */
async function seedPayments(sql: postgres.Sql, merchantId: number, firstPayer: number, payers: number, count: number, tag: string) {
  await sql.unsafe(
    `
    insert into transactions (type, amount, fee, status, reference, description, sender_id, metadata, created_at, updated_at)
    select 'payment', 100 + (g * 7919 % 500000), 0, 'completed', 'BENCH-' || $5 || '-' || g, 'Payment to Bench Store',
           $2 + (g * 31 % $3),
           jsonb_build_object('merchantId', $1::int, 'merchantName', 'Bench Store', 'channel', case when g % 5 = 0 then 'invoice' else 'qr' end,
                              'payerName', 'Bench Payer ' || (g * 31 % $3)),
           now() - make_interval(secs => (120 * 86400.0) * ($4 - g) / $4),
           now()
    from generate_series(1, $4) g`,
    [merchantId, firstPayer, payers, count, tag],
  );
}

const stack = await startBenchStack({ poolMax: 4 });
try {
  const [owner, otherOwner] = await stack.fundedUsers("merchant", 2, 0n);
  const merchants: number[] = [];
  for (const user of [owner!, otherOwner!]) {
    const response = await fetch(`${stack.base}/api/merchants`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack.base, cookie: user.cookie },
      body: JSON.stringify({ name: "Bench Store", description: "", category: "Retail" }),
    });
    if (response.status !== 201) throw new Error(`Creating a merchant: HTTP ${response.status} ${await response.text()}`);
    merchants.push(((await response.json()) as { id: number }).id);
  }

  const pg = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  // Seeded records are history: no money alert or live event is raised for them (their triggers
  // would queue 120,000 of each at the server).
  await pg.unsafe("set session_replication_role = replica");
  const started = Date.now();
  const payerRows = await pg.unsafe<{ id: number }[]>(
    `insert into users (name, email, phone, password_hash)
     select 'Bench Payer ' || g, 'bench-payer-' || g || '@example.com', '0803' || lpad(g::text, 7, '0'), 'x'
     from generate_series(0, $1 - 1) g
     returning id`,
    [PAYERS],
  );
  const firstPayer = Math.min(...payerRows.map((row) => row.id));
  await seedPayments(pg, merchants[0]!, firstPayer, PAYERS, PAYMENTS, "a");
  await seedPayments(pg, merchants[1]!, firstPayer, PAYERS, OTHER, "b");
  // The rest of a wallet's traffic beside the payments: completed top-ups of the same payers.
  await pg.unsafe(
    `insert into transactions (type, amount, status, reference, description, recipient_id, metadata, created_at)
     select 'topup', 100000, 'completed', 'BENCH-TOPUP-' || g, 'Wallet top-up', $1 + (g % $2), '{"gateway":"paystack"}'::jsonb,
            now() - make_interval(secs => (120 * 86400.0) * ($3 - g) / $3)
     from generate_series(1, $3) g`,
    [firstPayer, PAYERS, NOISE],
  );
  // Autovacuum's work on a table in steady state: statistics and the visibility map (index-only scans).
  await pg.unsafe("vacuum analyze transactions");
  console.log(`seeded ${PAYERS} payers, ${PAYMENTS} + ${OTHER} payments, ${NOISE} top-ups in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_EXPLAIN) {
    // The plans of the server's own statements (captured through drizzle's logger), run with EXPLAIN ANALYZE.
    const statements: { query: string; params: unknown[] }[] = [];
    const db = drizzle(pg, { logger: { logQuery: (query, params) => statements.push({ query, params }) } }) as unknown as DbOrTx;
    const lastDay = lagosDate(new Date());
    await merchantSalesByDay(db, { merchantId: merchants[0]!, firstDay: lagosDays(lastDay, 90)[0]!, lastDay });
    await listMerchantCustomers(db, { merchantId: merchants[0]!, search: "", page: 1, limit: 20 });
    for (const { query, params } of statements) {
      const plan = await pg.unsafe<{ "QUERY PLAN": string }[]>(`explain (analyze, buffers) ${query}`, params as never[]);
      console.log(plan.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  }
  await pg.end();

  const lastPage = Math.ceil(PAYERS / 20);
  const cases: [string, string][] = [
    ["analytics, 7 days", "/api/merchants/me/analytics?days=7"],
    ["analytics, 30 days", "/api/merchants/me/analytics?days=30"],
    ["analytics, 90 days", "/api/merchants/me/analytics?days=90"],
    ["customers, page 1", "/api/merchants/me/customers"],
    ["customers, search 'payer 123'", "/api/merchants/me/customers?search=payer%20123"],
    [`customers, page ${lastPage} (last)`, `/api/merchants/me/customers?page=${lastPage}`],
  ];
  for (const [label, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const t0 = performance.now();
      const response = await fetch(`${stack.base}${path}`, { headers: { cookie: owner!.cookie } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${text}`);
      // The first three warm the server's and PostgreSQL's caches.
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${SAMPLES} requests)`);
  }
} finally {
  await stack.close();
}
