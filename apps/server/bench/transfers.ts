// `pnpm bench:transfers`: P2P transfer throughput of the whole stack (HTTP -> tRPC caller ->
// ledger) next to baselines measured in the same run on the same PostgreSQL: the same transfer as
// minimal hand-written SQL at the same concurrency, and pgbench's TPC-B-like TPS. The transfers
// made from Node carry references made as the app makes them (newReference). Not a test.
// Options (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_USERS (50), BENCH_HISTORY (10000:
// earlier transfers per sender today for run 1b), BENCH_ROUNDS (3: rounds of the direct function
// from Node, the same driven by pgbench, and pgbench's TPC-B, in turn; each says how many
// checkpoints fell in it; the summary compares their medians), BENCH_SERVER_NODE_ARGS
// (extra Node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { cpus, tmpdir, totalmem } from "node:os";
import { newReference } from "@kolo/api";
import { postingHash, verifyLedger } from "@kolo/db";
import postgres from "postgres";
import { checkpointCount, checkpointsSince, closeFirstDayWindows, hasPgbench, initPgbench, median, percentile, runPgbench, startBenchStack } from "./kit";
import { RECIPIENTS_PER_SENDER, pickTransfer, runP2pLoad } from "./p2p-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const stack = await startBenchStack({ poolMax: CONNECTIONS, nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean) });
  const { base, db, dbUrl, admin, server } = stack;

  console.log(`Setting up ${USERS} funded users...`);
  const users = await stack.fundedUsers("bench", USERS, 50_000_000n);
  await closeFirstDayWindows(
    db,
    users.map((user) => user.id),
  );
  const pick = () => pickTransfer(users);
  /** One autocannon run of POST /api/transfer/p2p; answers transfers/s and latency. */
  const runKolo = (title: string) => runP2pLoad({ title, base, users, connections: CONNECTIONS, seconds: SECONDS, serverPid: server.pid });

  const fresh = await runKolo("1) Kolo over HTTP");

  console.log(`\n   Writing ${HISTORY.toLocaleString("en")} earlier transfers today for each of the ${USERS} senders (set-based SQL)...`);
  const history = postgres(dbUrl, { max: 1, onnotice: () => {} });
  const historyStarted = performance.now();
  for (const [index, sender] of users.entries()) {
    const recipient = users[(index + 1) % users.length]!;
    // 1 kobo each way around the ring: balances do not change, every entry still balances. Each
    // posting carries its hash in its account's chain (docs/ledger-verification.md), computed here.
    await history.begin(async (tx) => {
      const entries = await tx<{ id: string }[]>`
        with senders as (
          select s.id as sender_id, s.name as sender_name, s.email as sender_email, r.id as recipient_id, r.name as recipient_name, r.email as recipient_email
          from users s, users r where s.id = ${sender.id} and r.id = ${recipient.id}
        ), records as (
          insert into transactions (type, amount, status, reference, description, sender_id, recipient_id, metadata, created_at, updated_at)
          select 'p2p', 1, 'completed', 'HIST-' || sender_id || '-' || g, 'Transfer to ' || recipient_name, sender_id, recipient_id,
            jsonb_build_object('senderName', sender_name, 'recipientName', recipient_name), now(), now()
          from senders, generate_series(1, ${HISTORY}) as g
          returning id
        )
        insert into journal_entries (idempotency_key, kind, description, transaction_id)
        select 'hist:' || id, 'p2p', 'history', id from records returning id`;
      const accounts = await tx<{ id: number; user_id: number; head_hash: Buffer }[]>`
        select id, user_id, head_hash from ledger_accounts where kind = 'user_wallet' and user_id in (${sender.id}, ${recipient.id}) for update`;
      const from = accounts.find((a) => a.user_id === sender.id)!;
      const to = accounts.find((a) => a.user_id === recipient.id)!;
      const at = new Date();
      const micros = BigInt(at.getTime()) * 1000n;
      const entryIds: string[] = [],
        accountIds: number[] = [],
        amounts: string[] = [],
        hashes: string[] = [];
      for (const { id } of entries) {
        for (const [account, amount] of [
          [from, -1n],
          [to, 1n],
        ] as const) {
          account.head_hash = postingHash(account.head_hash, { entryId: id, accountId: account.id, amount, micros });
          entryIds.push(id);
          accountIds.push(account.id);
          amounts.push(String(amount));
          hashes.push(account.head_hash.toString("hex"));
        }
      }
      await tx`
        insert into postings (journal_entry_id, account_id, amount, balance_after, created_at, hash)
        select e, a, m, 0, ${at}, decode(h, 'hex')
        from unnest(${entryIds}::bigint[], ${accountIds}::int[], ${amounts}::bigint[], ${hashes}::text[]) with ordinality as u (e, a, m, h, n)
        order by n`;
      for (const account of [from, to]) await tx`update ledger_accounts set head_hash = ${account.head_hash} where id = ${account.id}`;
      await tx`
        insert into daily_outgoing as d (user_id, day, total_kobo) values (${sender.id}, (now() at time zone 'Africa/Lagos')::date, ${HISTORY})
        on conflict (user_id, day) do update set total_kobo = d.total_kobo + excluded.total_kobo`;
    });
  }
  // Vacuumed and analysed now, so that autovacuum's pass over the new rows does not fall in the runs below.
  await history`vacuum analyze`;
  await history.end();
  console.log(`   done in ${((performance.now() - historyStarted) / 1000).toFixed(1)} s`);
  const withHistory = await runKolo(`1b) Kolo over HTTP, each sender with ${HISTORY.toLocaleString("en")} transfers already today`);
  const verification = await verifyLedger(db, { full: true });
  console.log(
    `   ledger verification after 1b: ${verification.ok ? "held" : "FAILED"} (${verification.checks.map((check) => `${check.name}: ${check.ok ? "ok" : (check.detail ?? "failed")}`).join("; ")})`,
  );
  const appTps = fresh.tps;
  await stack.stopServer();

  console.log(`\n2) Baseline: the same transfer as minimal hand-written SQL, ${CONNECTIONS} concurrent workers, ${SECONDS} s`);
  const sql = postgres(dbUrl, { max: CONNECTIONS, onnotice: () => {} });
  const wallets = new Map<number, number>();
  for (const row of await sql<{ id: number; user_id: number }[]>`select id, user_id from ledger_accounts where kind = 'user_wallet'`)
    wallets.set(row.user_id, row.id);
  const latencies: number[] = [];
  let done = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const { from, to, amount } = pick();
        const kobo = Math.round(amount * 100);
        const a = wallets.get(from.id)!;
        const b = wallets.get(to.id)!;
        const started = performance.now();
        await sql.begin(async (tx) => {
          const [first, second] =
            a < b
              ? [
                  [a, -kobo],
                  [b, kobo],
                ]
              : [
                  [b, kobo],
                  [a, -kobo],
                ];
          // The record first: the journal entry points at it (journal_entries.transaction_id).
          const [record] =
            await tx`insert into transactions (type, amount, status, reference, description, sender_id, recipient_id) values ('p2p', ${kobo}, 'completed', ${newReference("P2P")}, 'bench', ${from.id}, ${to.id}) returning id`;
          const [entry] =
            await tx`insert into journal_entries (idempotency_key, kind, description, transaction_id) values (${randomUUID()}, 'p2p', 'bench', ${record!.id}) returning id`;
          // Balance and hash-chain head in one update per account, in id order (docs/ledger-verification.md).
          const move = async ([id, delta]: number[]) =>
            (
              await tx`update ledger_accounts set balance = balance + ${delta!}, head_hash = kolo_posting_hash(head_hash, ${entry!.id}, id, ${delta!}, now()) where id = ${id!} returning head_hash, balance`
            )[0] as { head_hash: Buffer; balance: string };
          const firstMoved = await move(first);
          const secondMoved = await move(second);
          await tx`insert into postings (journal_entry_id, account_id, amount, balance_after, created_at, hash) values (${entry!.id}, ${first[0]!}, ${first[1]!}, ${firstMoved.balance}, now(), ${firstMoved.head_hash}), (${entry!.id}, ${second[0]!}, ${second[1]!}, ${secondMoved.balance}, now(), ${secondMoved.head_hash})`;
        });
        latencies.push(performance.now() - started);
        done++;
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const sqlTps = done / SECONDS;
  console.log(`   transfers/s ${sqlTps.toFixed(1)}  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms`);

  // Where the HTTP stack's time goes: Kolo's own one-statement transfer, without HTTP, session or
  // tRPC, in ROUNDS rounds beside pgbench's TPC-B-like run on the same server (medians), so that
  // the two are compared under the same conditions.
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  // Each round says how many checkpoints fell into its runs (checkpointCount): the history and
  // pgbench's set-up write about a gigabyte of WAL, whose checkpoint may land in the next run.
  const directRun = async () => {
    const checkpoints = await checkpointCount(sql);
    const direct: number[] = [];
    const directDeadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < directDeadline) {
          const { from, to, amount } = pick();
          const started = performance.now();
          await sql`select * from kolo_transfer_p2p(${from.id}, ${to.email}, ${Math.round(amount * 100)}, ${randomUUID()}, ${newReference("P2P")}, ${day}, ${100_000_000})`;
          direct.push(performance.now() - started);
        }
      }),
    );
    direct.sort((x, y) => x - y);
    return { tps: direct.length / SECONDS, p50: percentile(direct, 50), p99: percentile(direct, 99), checkpoints: await checkpointsSince(sql, checkpoints) };
  };
  const pgbenchFound = hasPgbench();
  if (pgbenchFound) await initPgbench(admin, stack.pgPort);
  else console.log("\n   pgbench not found on PATH: its runs are skipped");
  // The same function driven by pgbench itself (2c): the TPC-B run's client and protocol (simple:
  // the call parsed and planned each time, where Node's driver prepares it once). The payers are
  // numbered in a table of their own (bench_payers, this throwaway database only); each pgbench
  // client numbers its references (time first in the app's; here client and count, appended to the
  // unique index in 32 places) and draws payee and amount as pickTransfer.
  const koloDb = new URL(dbUrl).pathname.slice(1);
  const script = join(tmpdir(), `kolo-transfer-${process.pid}.sql`);
  if (pgbenchFound) {
    await sql`create table bench_payers (n integer primary key, user_id integer not null, email text not null)`;
    for (const [n, user] of users.entries()) await sql`insert into bench_payers values (${n}, ${user.id}, ${user.email})`;
    writeFileSync(
      script,
      [
        `\\set i random(0, ${users.length - 1})`,
        `\\set step random(1, ${Math.min(RECIPIENTS_PER_SENDER, users.length - 1)})`,
        "\\set amount random(100, 999)",
        "\\set n :n + 1",
        "select * from kolo_transfer_p2p((select user_id from bench_payers where n = :i), " +
          `(select email from bench_payers where n = (:i + :step) % ${users.length}), :amount, gen_random_uuid()::text, ` +
          `'KOLO-P2P-PGB' || :round || '-' || :client_id || '-' || :n, '${day}', 1000000000);`,
        "",
      ].join("\n"),
    );
  }
  const pgbenchDriven = (round: number) =>
    runPgbench(sql, stack.pgPort, koloDb, [
      "-n",
      "-c",
      String(CONNECTIONS),
      "-j",
      "2",
      "-T",
      String(SECONDS),
      "-D",
      "n=0",
      "-D",
      `round=${round}`,
      "-f",
      script,
    ]);
  const directTpsRuns: number[] = [];
  const drivenRuns: number[] = [];
  const pgbenchRuns: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const run = await directRun();
    directTpsRuns.push(run.tps);
    console.log(
      `\n2b) round ${round}: Kolo's kolo_transfer_p2p called directly (no HTTP), ${CONNECTIONS} concurrent workers, ${SECONDS} s\n   transfers/s ${run.tps.toFixed(1)}  p50 ${run.p50.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms  checkpoints during it ${run.checkpoints}`,
    );
    if (!pgbenchFound) continue;
    const driven = await pgbenchDriven(round);
    drivenRuns.push(driven.tps);
    console.log(
      `\n2c) round ${round}: kolo_transfer_p2p driven by pgbench (the TPC-B run's client), ${CONNECTIONS} clients, ${SECONDS} s\n   transfers/s ${driven.tps.toFixed(1)}  latency average ${driven.latencyMs} ms  failed ${driven.failed}  checkpoints during it ${driven.checkpoints}`,
    );
    const tpcb = await runPgbench(sql, stack.pgPort, "pgbench", ["-n", "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS)]);
    pgbenchRuns.push(tpcb.tps);
    console.log(
      `\n3) round ${round}: pgbench TPC-B-like, scale 10, ${CONNECTIONS} clients, ${SECONDS} s\n   tps ${tpcb.tps.toFixed(1)}  latency average ${tpcb.latencyMs} ms  checkpoints during it ${tpcb.checkpoints}`,
    );
  }
  await sql.end();
  rmSync(script, { force: true });
  const directTps = median(directTpsRuns);
  const drivenTps = median(drivenRuns);
  const pgbenchTps = median(pgbenchRuns);

  console.log("\nSummary");
  console.log(`   machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(
    `   Kolo HTTP transfers/s ${appTps.toFixed(1)} (p99 ${fresh.p99} ms) | with ${HISTORY} transfers today ${withHistory.tps.toFixed(1)} (p99 ${withHistory.p99} ms, ${((withHistory.tps / appTps) * 100).toFixed(0)}% of fresh)`,
  );
  console.log(`   hand-written SQL ${sqlTps.toFixed(1)} | ratio Kolo/SQL ${(appTps / sqlTps).toFixed(2)} (target >= 0.7)`);
  if (pgbenchTps) console.log(`   pgbench TPC-B tps ${pgbenchTps.toFixed(1)} | ratio Kolo/pgbench ${(appTps / pgbenchTps).toFixed(2)} (target >= 0.3)`);
  if (pgbenchTps) {
    console.log(
      `   kolo_transfer_p2p direct ${directTps.toFixed(1)} (runs: ${directTpsRuns.map((tps) => tps.toFixed(0)).join(", ")}) | pgbench (runs: ${pgbenchRuns.map((tps) => tps.toFixed(0)).join(", ")}) | ratio ${(directTps / pgbenchTps).toFixed(2)} (target >= 0.5; medians of ${ROUNDS} rounds)`,
    );
    // Each round's function run against the pgbench run of the same round (minutes apart, so the same hour of the
    // machine): a paired figure beside the ratio of medians.
    const paired = directTpsRuns.map((tps, i) => tps / (pgbenchRuns[i] ?? Number.NaN));
    console.log(`   the same, round by round: ${paired.map((ratio) => ratio.toFixed(2)).join(", ")} (median ${median(paired).toFixed(2)})`);
    console.log(
      `   kolo_transfer_p2p driven by pgbench ${drivenTps.toFixed(1)} (runs: ${drivenRuns.map((tps) => tps.toFixed(0)).join(", ")}) | ratio ${(drivenTps / pgbenchTps).toFixed(2)} (the same client on both sides)`,
    );
  }
  console.log(`   p99 at ${CONNECTIONS} connections: ${fresh.p99} ms (target <= 50 ms)`);

  await stack.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
