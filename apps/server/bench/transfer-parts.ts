// `pnpm bench:transfer-parts`: what each part of a P2P transfer costs the database. Kolo's
// kolo_transfer_p2p is called directly (no HTTP) at BENCH_CONNECTIONS for BENCH_SECONDS, once as
// built and once with each part switched off, on one throwaway embedded PostgreSQL with
// pg_stat_statements, next to pgbench's TPC-B-like run on the same server. The switches exist only
// in that throwaway database, for the run: triggers disabled, or a function replaced by one that
// does nothing (docs/performance.md "At scale"). While the as-built run goes, the backends' wait
// events are sampled every 20 ms; each run reads the database's CPU a transfer from /proc, the WAL a
// transfer from pg_stat_wal, the load generator's own CPU and the checkpoints that fell in it; its
// transfers carry references made as the app makes them (newReference: time first, so they append
// to the unique index). Not a test. Options (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (32),
// BENCH_USERS (50), BENCH_ROUNDS (2: each variant this many times, in turn), BENCH_PARTS
// (comma-separated words: only the variants whose name has one of them, besides "as built"; "none"
// for as built only), BENCH_VARIANTS (a JSON file of more variants to try, each {name, off: [SQL],
// on: [SQL]}, run after "as built"). Each round starts one variant later than the last, so that
// none always follows pgbench's run and the checkpoint its set-up brings on.
import { readFileSync, readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { cpus, totalmem } from "node:os";
import { newReference } from "@kolo/api";
import postgres from "postgres";
import { checkpointCount, checkpointsSince, closeFirstDayWindows, hasPgbench, initPgbench, median, percentile, runPgbench, startBenchStack } from "./kit";
import { pickTransfer } from "./p2p-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** SQL that switches a part off, and the SQL that switches it back on (read from the database first). */
interface Part {
  name: string;
  off: string[];
  on: string[];
}

/** A function's definition as the database has it, to put back after a run without it. */
async function definitionOf(sql: postgres.Sql, name: string): Promise<string> {
  const [row] = await sql<{ def: string }[]>`select pg_get_functiondef(${name}::regproc) as def`;
  if (!row) throw new Error(`No function ${name}`);
  return row.def;
}

/** BENCH_VARIANTS' file: a JSON array of {name, off, on}, each a list of SQL statements. */
function variantsFrom(file: string): Part[] {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  const isPart = (value: unknown): value is Part => {
    const part = value as Part;
    const statements = (list: unknown) => Array.isArray(list) && list.every((statement) => typeof statement === "string");
    return typeof part?.name === "string" && statements(part.off) && statements(part.on);
  };
  if (!Array.isArray(parsed) || !parsed.every(isPart)) throw new Error(`${file}: expected [{ name, off: [SQL], on: [SQL] }]`);
  return parsed;
}

async function parts(sql: postgres.Sql): Promise<Part[]> {
  const hash = await definitionOf(sql, "kolo_posting_hash");
  const outgoing = await definitionOf(sql, "kolo_record_outgoing");
  const triggers = (pairs: [string, string][], enable: boolean) =>
    pairs.map(([table, trigger]) => `alter table ${table} ${enable ? "enable" : "disable"} trigger ${trigger}`);
  const events: [string, string][] = [
    ["transactions", "transactions_event"],
    ["ledger_accounts", "ledger_accounts_event"],
  ];
  const alerts: [string, string][] = [["transactions", "transactions_money_alert"]];
  const counts: [string, string][] = [["transactions", "transactions_count_rows"]];
  const noHash = `create or replace function kolo_posting_hash(p_previous bytea, p_entry_id bigint, p_account_id integer, p_amount bigint, p_at timestamptz)
    returns bytea language sql immutable as $$ select p_previous $$`;
  const noOutgoing = `create or replace function kolo_record_outgoing(p_user_id integer, p_day date, p_amount bigint, p_limit bigint)
    returns bigint language sql as $$ select 0::bigint $$`;
  const extra = process.env.BENCH_VARIANTS ? variantsFrom(process.env.BENCH_VARIANTS) : [];
  return [
    { name: "as built", off: [], on: [] },
    ...extra,
    { name: "no hash chain (kolo_posting_hash returns the head)", off: [noHash], on: [hash] },
    { name: "no live events (their rows)", off: triggers(events, false), on: triggers(events, true) },
    { name: "no alert outbox (its rows)", off: triggers(alerts, false), on: triggers(alerts, true) },
    { name: "no daily counter (kolo_record_outgoing)", off: [noOutgoing], on: [outgoing] },
    { name: "no tab counts (transaction_counts trigger)", off: triggers(counts, false), on: triggers(counts, true) },
    {
      name: "all of these off",
      off: [noHash, noOutgoing, ...triggers([...events, ...alerts, ...counts], false)],
      on: [hash, outgoing, ...triggers([...events, ...alerts, ...counts], true)],
    },
  ];
}

/**
 * CPU seconds (user + system) of every `postgres` process, with the children they reaped (so the
 * postmaster counts the backends that ended, such as pgbench's): from /proc, Linux only.
 */
function postgresCpuSeconds(): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
      const fields = stat.slice(close + 2).split(" ");
      // Fields 14–17 of proc(5) (utime, stime, cutime, cstime), counted from the state (field 3).
      total += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / tick;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The server's WAL so far (pg_stat_wal): bytes, records and full-page images. */
async function walNow(sql: postgres.Sql) {
  const [row] = await sql<
    { bytes: string; records: string; fpi: string }[]
  >`select wal_bytes::text as bytes, wal_records::text as records, wal_fpi::text as fpi from pg_stat_wal`;
  return { bytes: Number(row!.bytes), records: Number(row!.records), fpi: Number(row!.fpi) };
}

/** WAL a transaction between two readings of walNow. */
function walPer(before: Awaited<ReturnType<typeof walNow>>, after: Awaited<ReturnType<typeof walNow>>, count: number) {
  return { bytes: (after.bytes - before.bytes) / count, records: (after.records - before.records) / count, fpi: (after.fpi - before.fpi) / count };
}

/** CONNECTIONS workers calling kolo_transfer_p2p for SECONDS; wait events sampled when `sampler` is given. */
async function run(sql: postgres.Sql, users: { id: number; email: string }[], sampler?: postgres.Sql) {
  const checkpoints = await checkpointCount(sql);
  const latencies: number[] = [];
  const waits = new Map<string, number>();
  let samples = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const sampling = (async () => {
    while (sampler && Date.now() < deadline) {
      const rows = await sampler<{ wait: string; n: number }[]>`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU (no wait)') as wait, count(*)::int as n
        from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`;
      samples++;
      for (const { wait, n } of rows) waits.set(wait, (waits.get(wait) ?? 0) + n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const walBefore = await walNow(sql);
  const payers = users.map((user) => ({ ...user, cookie: "" }));
  const cpuBefore = postgresCpuSeconds();
  const ownBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const { from, to, amount } = pickTransfer(payers);
        const started = performance.now();
        await sql`select * from kolo_transfer_p2p(${from.id}, ${to.email}, ${Math.round(amount * 100)}, ${randomUUID()}, ${newReference("P2P")}, ${day}, ${1_000_000_000})`;
        latencies.push(performance.now() - started);
      }
    }),
  );
  const cpuMs = ((postgresCpuSeconds() - cpuBefore) * 1000) / latencies.length;
  const own = process.cpuUsage(ownBefore);
  const wal = walPer(walBefore, await walNow(sql), latencies.length);
  await sampling;
  latencies.sort((x, y) => x - y);
  return {
    tps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs,
    wal,
    ownCpuMs: (own.user + own.system) / 1000 / latencies.length,
    waits,
    samples,
    checkpoints: await checkpointsSince(sql, checkpoints),
  };
}

/** pgbench's TPC-B-like run on the same server: its tps, and the database's CPU ms per transaction. */
async function pgbench(
  port: number,
  admin: postgres.Sql,
): Promise<{ tps: number; cpuMs: number; wal: ReturnType<typeof walPer>; checkpoints: number } | undefined> {
  if (!hasPgbench()) return undefined;
  await initPgbench(admin, port);
  const walBefore = await walNow(admin);
  const cpuBefore = postgresCpuSeconds();
  const { tps, processed, checkpoints } = await runPgbench(admin, port, "pgbench", ["-n", "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS)]);
  const cpu = postgresCpuSeconds() - cpuBefore;
  return { tps, cpuMs: (cpu * 1000) / processed, wal: walPer(walBefore, await walNow(admin), processed), checkpoints };
}

async function main() {
  const stack = await startBenchStack({
    poolMax: 4,
    postgresFlags: ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"],
  });
  try {
    console.log(`Setting up ${USERS} funded users...`);
    const users = await stack.fundedUsers("parts", USERS, 500_000_000n);
    await stack.stopServer();
    const sql = postgres(stack.dbUrl, { max: CONNECTIONS, onnotice: () => {} });
    const sampler = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
    await closeFirstDayWindows(
      stack.db,
      users.map((user) => user.id),
    );
    await sql`create extension if not exists pg_stat_statements`;
    const only = process.env.BENCH_PARTS?.split(",");
    const variants = (await parts(sql)).filter((part) => part.name === "as built" || !only || only.some((word) => part.name.includes(word)));
    const results = new Map<string, { tps: number[]; p50: number[]; p99: number[]; cpuMs: number[] }>();
    const benchCpuMs: number[] = [];
    const bench: number[] = [];
    let waits: Map<string, number> | undefined;
    let samples = 0;
    let statements: { calls: string; total: number; mean: number; query: string }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const measured = await pgbench(stack.pgPort, stack.admin);
      if (measured !== undefined) {
        bench.push(measured.tps);
        benchCpuMs.push(measured.cpuMs);
        console.log(
          `round ${round}: pgbench TPC-B-like, scale 10, ${CONNECTIONS} clients: ${measured.tps.toFixed(0)} tps, ${measured.cpuMs.toFixed(2)} ms of database CPU a transaction, WAL ${measured.wal.bytes.toFixed(0)} B (${measured.wal.records.toFixed(1)} records, ${measured.wal.fpi.toFixed(2)} full pages), checkpoints during it ${measured.checkpoints}`,
        );
      }
      const start = (round - 1) % variants.length;
      for (const part of [...variants.slice(start), ...variants.slice(0, start)]) {
        for (const statement of part.off) await sql.unsafe(statement);
        const first = round === 1 && part.name === "as built";
        if (first) await sql`select pg_stat_statements_reset()`;
        const result = await run(sql, users, first ? sampler : undefined);
        for (const statement of part.on) await sql.unsafe(statement);
        if (first) {
          waits = result.waits;
          samples = result.samples;
          statements = await sql<{ calls: string; total: number; mean: number; query: string }[]>`
            select calls::text, total_exec_time as total, mean_exec_time as mean, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by total_exec_time desc limit 12`;
        }
        const entry = results.get(part.name) ?? { tps: [], p50: [], p99: [], cpuMs: [] };
        entry.cpuMs.push(result.cpuMs);
        entry.tps.push(result.tps);
        entry.p50.push(result.p50);
        entry.p99.push(result.p99);
        results.set(part.name, entry);
        console.log(
          `round ${round}: ${part.name}: ${result.tps.toFixed(0)}/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, WAL ${result.wal.bytes.toFixed(0)} B (${result.wal.records.toFixed(1)} records, ${result.wal.fpi.toFixed(2)} full pages) a transfer, load generator ${result.ownCpuMs.toFixed(2)} ms CPU a transfer, checkpoints during it ${result.checkpoints}`,
        );
      }
    }
    const pgbenchTps = bench.length ? median(bench) : undefined;
    const base = median(results.get("as built")!.tps);
    console.log(`\nkolo_transfer_p2p, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds (medians)`);
    console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
    for (const [name, r] of results) {
      const tps = median(r.tps);
      console.log(
        `   ${name.padEnd(52)} ${tps.toFixed(0).padStart(5)}/s  ${name === "as built" ? "      " : `${(((tps - base) / base) * 100).toFixed(0).padStart(4)}% `} p50 ${median(r.p50).toFixed(1)} ms  p99 ${median(r.p99).toFixed(1)} ms  ${median(r.cpuMs).toFixed(2)} ms CPU${pgbenchTps ? `  (${(tps / pgbenchTps).toFixed(2)} of pgbench)` : ""}`,
      );
    }
    if (pgbenchTps)
      console.log(
        `   pgbench TPC-B-like ${pgbenchTps.toFixed(0)} tps (runs: ${bench.map((b) => b.toFixed(0)).join(", ")}), ${median(benchCpuMs).toFixed(2)} ms CPU`,
      );
    console.log("   (CPU: the database's processes, ms a transfer; the load generator's own is not counted)");
    if (waits) {
      console.log(`\nWait events of the active backends, as built (${samples} samples of every 20 ms):`);
      const total = [...waits.values()].reduce((a, b) => a + b, 0);
      for (const [wait, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 10))
        console.log(`   ${wait.padEnd(40)} ${((n / total) * 100).toFixed(0).padStart(3)}%`);
    }
    console.log("\nThe statements of the first as-built run, nested ones included (pg_stat_statements, by total time):");
    for (const s of statements) console.log(`   ${s.calls.padStart(7)} calls ${s.mean.toFixed(2).padStart(7)} ms mean  ${s.query}`);
    await sampler.end();
    await sql.end();
  } finally {
    await stack.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
