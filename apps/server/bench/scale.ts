// `pnpm bench:scale`: what users and admins do, measured over HTTP on the database Kolo uses
// (DATABASE_URL, else the embedded default under .data/; docs/performance.md "At scale"). It seeds
// nothing: run `seed:scale` first for a large database (a small one is measured with a warning).
// Starts the compiled server on that database (port BENCH_PORT, 3343) and measures p50/p99 of:
// sign-in and the dashboard's first batch; History (first page, page 50 when the path pages, each
// tab, a search, a week); a receipt; a 12-month CSV statement of the busiest user; the admin user
// search (name, e-mail, phone), transaction list (each tab, a reference, page 50) and review queue;
// a reconciliation run of one day whose sandbox holds BENCH_RECON_RECORDS provider records; P2P
// transfers at 32 connections (as bench:transfers) against the same on a small throwaway database;
// and `ledger:verify`, incremental and --full. Subjects are picked by queries (scale-subjects.ts).
// Prints a table (operation, n, p50, p99, goal, pass/miss) and writes it as JSON to
// BENCH_REPORT_DIR when set. Not a test. It writes to the database: its own users (bench-scale-*),
// sessions, their transfers, the sandbox's records of the reconciled day and the run itself, and the
// demo sign-ins when missing (the admin it signs in as; refused with NODE_ENV=production).
// Options (env): BENCH_SAMPLES (300 per read), BENCH_SECONDS (10), BENCH_CONNECTIONS (32),
// BENCH_RECON_RECORDS (100000), BENCH_RECON_DAY (yesterday, Lagos), BENCH_REFERENCE_TPS (skip the
// small-database run and use this figure), BENCH_REPORT_DIR, BENCH_PORT, BENCH_ONLY (some parts:
// reads, recon, p2p, verify), BENCH_SERVER_NODE_ARGS (extra Node flags for the server, as bench:transfers),
// BENCH_SEARCH_NAMES (more names for the admin user search, comma-separated), BENCH_PRINT_SAMPLES
// (each sample printed) and BENCH_SERVER_LOG (the server's request log into a file: bench/kit.ts).
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSession, devTotpSecret, generateSessionToken, totpCode } from "@kolo/api";
import { createDb, prepareDatabase } from "@kolo/db";
import { ADMIN_TRANSACTION_TABS, HISTORY_TAB_KEYS, lagosDate, lagosDays } from "@kolo/domain";
import { PaystackClient, sandboxKey } from "@kolo/providers";
import { holdSandboxDay } from "@kolo/sandboxes";
import postgres from "postgres";
import { DASHBOARD_FIRST_BATCH, batchQueryUrl } from "../../web/src/lib/first-batch";
import { readEnv } from "../src/env";
import { openKoloDatabase } from "../src/kolo-database";
import { DEMO_USERS, seedDemoUsers } from "../src/seed";
import { benchUsers, cookiesOf, percentile, startBenchStack, startKoloServer } from "./kit";
import { runP2pLoad } from "./p2p-load";
import { BENCH_EMAIL_PREFIX, pickSubjects } from "./scale-subjects";
import { type Goal, type ReportRow, formatReport, judge } from "./scale-report";

/** Samples a read: enough that p99 is not the worst sample or two (docs/performance.md "History's tail at a million users"). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RECON_RECORDS = Number(process.env.BENCH_RECON_RECORDS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3343);
/** Print each sample (BENCH_PRINT_SAMPLES): "SAMPLE <label> <end, ms since epoch> <ms>", to match with the server's log (BENCH_SERVER_LOG). */
const PRINT_SAMPLES = Boolean(process.env.BENCH_PRINT_SAMPLES);
/** More names for the admin user search (BENCH_SEARCH_NAMES, comma-separated), measured after the picked one. */
const NAMES = (process.env.BENCH_SEARCH_NAMES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
/** The parts measured (BENCH_ONLY, comma-separated): reads (sign-in, History, admin), recon, p2p, verify; all by default. */
const ONLY = new Set((process.env.BENCH_ONLY ?? "reads,recon,p2p,verify").split(",").map((part) => part.trim()));
/** Below this many transactions the database "looks small": seed:scale was not run. */
const SMALL_DATABASE = 100_000;
const WARM_UPS = 3;
/** Rows per page where bench:scale pages with `limit` (History, the admin list). */
const PAGE_SIZE = 20;
/** The sandboxes' keys come from this seed (sandboxKey), so the bench can read the Paystack sandbox as the server does. */
const SANDBOX_SEED = "bench-scale-sandbox-seed-0123456789abcdef";
const READ_GOAL: Goal = { kind: "p99", ms: 50 };
const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

const rows: ReportRow[] = [];
const record = (operation: string, samples: number[], goal: Goal | null, note?: string) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const row: ReportRow = { operation, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), goal, note };
  row.pass = judge(row);
  rows.push(row);
  console.log(`   ${operation}: n ${row.n}, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms${note ? ` (${note})` : ""}`);
};

/** `SAMPLES` sequential requests after WARM_UPS, each read to its last byte; throws on a status outside `ok`. */
async function timeRequests(label: string, request: () => Promise<Response>, count = SAMPLES, ok = (status: number) => status >= 200 && status < 300) {
  const samples: number[] = [];
  for (let i = 0; i < count + WARM_UPS; i++) {
    const started = performance.now();
    const response = await request();
    const body = await response.arrayBuffer();
    if (!ok(response.status)) throw new Error(`${label}: HTTP ${response.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
    if (i < WARM_UPS) continue;
    samples.push(performance.now() - started);
    if (PRINT_SAMPLES) console.log(`SAMPLE ${label} ${Date.now()} ${samples.at(-1)!.toFixed(1)}`);
  }
  return samples;
}

/** Runs `pnpm ledger:verify [--full]` (src/ledger-verify.ts) on `url`: its wall time in ms and its own "read in" line. */
function ledgerVerify(url: string, full: boolean): Promise<{ ms: number; ok: boolean; line: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "src/ledger-verify.ts", ...(full ? ["--full"] : [])], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ ms: performance.now() - started, ok: code === 0, line: out.split("\n")[0] ?? "" }));
  });
}

async function main() {
  const env = readEnv();
  if (env.NODE_ENV === "production") throw new Error("bench:scale writes to the database: not with NODE_ENV=production");
  const database = await openKoloDatabase(env);
  const { url } = database;
  await prepareDatabase(url);
  const { db, close } = createDb(url, { max: 4 });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  let server: Awaited<ReturnType<typeof startKoloServer>> | undefined;
  try {
    // The demo admins sign in with the development second factor (docs/admin-security.md).
    await seedDemoUsers(db);

    console.log("Picking the subjects from the database...");
    const picking = performance.now();
    const subjects = await pickSubjects(sql);
    console.log(`   done in ${((performance.now() - picking) / 1000).toFixed(1)} s: ${JSON.stringify(subjects)}`);
    if (subjects.transactions < SMALL_DATABASE)
      console.warn(
        `\n!!! The database looks small (${subjects.users} users, ${subjects.transactions} transactions): run \`npm run pnpm -- seed:scale\` first for figures at scale. Measuring anyway.\n`,
      );
    if (!subjects.busiest) throw new Error("No user has a transaction: run seed:scale (or use the app) first");

    server = await startKoloServer({
      dbUrl: url,
      port: PORT,
      // A day's reconciliation is one admin request: the default 15 s budget would cut it off.
      serverEnv: { REQUEST_TIMEOUT_MS: "600000", KOLO_SANDBOX_SEED: SANDBOX_SEED },
      nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
    });
    const { base } = server;
    const get = (path: string, cookie: string) => () => fetch(`${base}${path}`, { headers: { cookie } });
    const post = (path: string, cookie: string, body: unknown) => () =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: base, cookie }, body: JSON.stringify(body) });

    // Admin: password, then the TOTP code (a code is taken once per 30 s step: wait for the next on a refusal).
    const demoAdmin = DEMO_USERS.find((u) => u.role === "admin")!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: demoAdmin.email, password: demoAdmin.password }),
    });
    if (!login.ok) throw new Error(`Admin sign-in: HTTP ${login.status} ${await login.text()}`);
    const admin = cookiesOf(login);
    for (let attempt = 0; ; attempt++) {
      const mfa = await post("/api/auth/mfa", admin, { code: totpCode(devTotpSecret()) })();
      if (mfa.ok) break;
      if (attempt > 0) throw new Error(`Admin second factor: HTTP ${mfa.status} ${await mfa.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 30_500 - (Date.now() % 30_000)));
    }
    const today = lagosDate(new Date());

    if (ONLY.has("reads")) {
      // Sign-in: a user of the benchmark's own, from the device it registered on.
      console.log("\nSign-in and the dashboard");
      const [signer] = await benchUsers(db, base, { prefix: `${BENCH_EMAIL_PREFIX}signin-`, count: 1, fundKobo: 0n });
      const device = signer!.cookie
        .split("; ")
        .filter((c) => c.startsWith("kolo_device="))
        .join("; ");
      record(
        "sign-in (POST /api/auth/login)",
        await timeRequests("sign-in", post("/api/auth/login", device, { email: signer!.email, password: "secret123" })),
        null,
        "password hash by design",
      );

      // The busiest user's session, opened as sign-in opens one (their password is not known here).
      const token = generateSessionToken();
      await createSession(db, token, subjects.busiest.id);
      const busy = `kolo_session=${token}`;
      record("dashboard first batch (tRPC, 7 queries)", await timeRequests("dashboard", get(batchQueryUrl(DASHBOARD_FIRST_BATCH), busy)), READ_GOAL);

      console.log(`\nHistory of the busiest user (${subjects.busiest.transactions} transactions)`);
      record("history: first page", await timeRequests("history", get("/api/transactions", busy)), READ_GOAL);
      const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
      };
      const paramsOf = (path: string) => new Set((openapi.paths[path]?.get?.parameters ?? []).map((p) => p.name));
      /**
       * Page 50 of `path` (pages of PAGE_SIZE): by `page` when the path takes it; by keyset `cursor`
       * (walked once through 49 pages, the 50th timed) when it takes that instead. The cursor is the
       * answer's `nextCursor`, or the `id` of an array answer's last row.
       */
      const pageFifty = async (label: string, path: string, cookie: string, byPage: boolean) => {
        const params = paramsOf(path);
        const sized = params.has("limit") ? `limit=${PAGE_SIZE}&` : "";
        if (byPage && params.has("page")) return record(`${label}: page 50`, await timeRequests(label, get(`${path}?${sized}page=50`, cookie)), READ_GOAL);
        if (!params.has("cursor")) {
          rows.push({ operation: `${label}: page 50`, n: 0, p50: 0, p99: 0, goal: READ_GOAL, note: `${path} takes no page and no cursor` });
          return;
        }
        let cursor: string | undefined;
        for (let page = 1; page < 50; page++) {
          const answer = (await (
            await fetch(`${base}${path}?${sized}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ""}`, { headers: { cookie } })
          ).json()) as { nextCursor?: string | null } | { id: number | string }[];
          const next = Array.isArray(answer) ? (answer.length === PAGE_SIZE ? answer.at(-1)?.id : undefined) : answer.nextCursor;
          cursor = next === undefined || next === null ? undefined : String(next);
          if (!cursor) break;
        }
        if (cursor)
          record(`${label}: page 50 (cursor)`, await timeRequests(label, get(`${path}?${sized}cursor=${encodeURIComponent(cursor)}`, cookie)), READ_GOAL);
        else rows.push({ operation: `${label}: page 50 (cursor)`, n: 0, p50: 0, p99: 0, goal: READ_GOAL, note: "fewer than 50 pages" });
      };
      await pageFifty("history", "/api/transactions", busy, true);
      for (const tab of HISTORY_TAB_KEYS.filter((key) => key !== "all"))
        record(`history: tab ${tab}`, await timeRequests(`history ${tab}`, get(`/api/transactions?tab=${tab}`, busy)), READ_GOAL);
      if (subjects.historySearch)
        record(
          `history: search '${subjects.historySearch}'`,
          await timeRequests("history search", get(`/api/transactions?q=${encodeURIComponent(subjects.historySearch)}`, busy)),
          READ_GOAL,
        );
      const lastDay = subjects.lastActiveDay ?? lagosDate(new Date());
      const week = lagosDays(lastDay, 7);
      record(
        `history: dates ${week[0]}..${lastDay}`,
        await timeRequests("history dates", get(`/api/transactions?from=${week[0]}&to=${lastDay}`, busy)),
        READ_GOAL,
      );
      if (subjects.receiptReference)
        record(
          "receipt (GET /api/receipts/:reference)",
          await timeRequests("receipt", get(`/api/receipts/${encodeURIComponent(subjects.receiptReference)}`, busy)),
          READ_GOAL,
        );
      const yearAgo = lagosDays(today, 365)[0]!;
      record(
        "statement CSV, 12 months",
        await timeRequests("statement", get(`/api/statements?from=${yearAgo}&to=${today}&format=csv`, busy), Math.min(SAMPLES, 5)),
        { kind: "p99", ms: 30_000 },
      );

      console.log("\nAdmin console");
      const adminSearch: [string, string | null][] = [
        ["name", subjects.searchName],
        ["e-mail", subjects.searchEmail],
        ["phone", subjects.searchPhone],
        ...NAMES.map((name): [string, string] => ["name", name]),
      ];
      record("admin users: first page", await timeRequests("admin users", get("/api/admin/users", admin)), READ_GOAL);
      for (const [what, term] of adminSearch)
        if (term)
          record(
            `admin users: search ${what} '${term}'`,
            await timeRequests(`admin search ${what}`, get(`/api/admin/users?search=${encodeURIComponent(term)}`, admin)),
            READ_GOAL,
          );
      for (const tab of ADMIN_TRANSACTION_TABS)
        record(`admin transactions: tab ${tab}`, await timeRequests(`admin tx ${tab}`, get(`/api/admin/transactions?status=${tab}`, admin)), READ_GOAL);
      record("admin transactions: page 50", await timeRequests("admin tx page 50", get("/api/admin/transactions?page=50", admin)), READ_GOAL);
      if (paramsOf("/api/admin/transactions").has("cursor")) await pageFifty("admin transactions", "/api/admin/transactions", admin, false);
      if (subjects.adminReference)
        record(
          "admin transactions: reference filter",
          await timeRequests("admin tx reference", get(`/api/admin/transactions?reference=${encodeURIComponent(subjects.adminReference)}`, admin)),
          READ_GOAL,
        );
      record("review queue: open", await timeRequests("reviews open", get("/api/admin/reviews", admin)), READ_GOAL);
      record("review queue: resolved", await timeRequests("reviews resolved", get("/api/admin/reviews?status=resolved", admin)), READ_GOAL);
    }

    if (ONLY.has("recon")) {
      // Reconciliation of one day, its provider records held by the sandbox (bulk fixture).
      const day = process.env.BENCH_RECON_DAY ?? lagosDays(today, 2)[0]!;
      const dayStart = new Date(`${day}T00:00:00+01:00`);
      console.log(`\nReconciliation of ${day}: filling the Paystack sandbox to ${RECON_RECORDS.toLocaleString("en")} records of the day...`);
      const filling = performance.now();
      const held = await holdSandboxDay(db, { from: dayStart, to: new Date(dayStart.getTime() + 86_400_000), total: RECON_RECORDS, tag: day });
      console.log(`   ${JSON.stringify(held)} in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
      // What the run spends reading the provider alone: the same client, every page of the day.
      const range = { from: dayStart, to: new Date(dayStart.getTime() + 86_400_000) };
      const gateway = new PaystackClient({
        baseUrl: `${base}/sandbox/paystack`,
        secretKey: `sk_test_sandbox_${sandboxKey({ internalUrl: base, sandboxSeed: SANDBOX_SEED }, "paystack", "secret")}`,
        timeoutMs: 60_000,
      });
      const listing = performance.now();
      const listed = (await gateway.listCharges(range)).length + (await gateway.listTransfers(range)).length;
      const listingMs = performance.now() - listing;
      console.log(`   reading them from the sandbox (GET /transaction and /transfer, 100 a page): ${listed} in ${(listingMs / 1000).toFixed(1)} s`);
      const reconStarted = performance.now();
      const reconResponse = await post("/api/admin/reconciliation/runs", admin, { date: day })();
      const reconMs = performance.now() - reconStarted;
      const run = (await reconResponse.json()) as {
        state?: string;
        error?: string | null;
        matched?: number;
        open?: number;
        exceptions?: unknown;
        message?: string;
      };
      const reconNote = `${held.total.toLocaleString("en")} provider records; HTTP ${reconResponse.status} ${run.state ?? run.message}${run.error ? `: ${run.error}` : ""}`;
      console.log(`   run ${reconNote}; matched ${run.matched}, open ${run.open}, exceptions ${JSON.stringify(run.exceptions)}`);
      rows.push({ operation: `reconciliation of ${day}`, n: 1, p50: reconMs, p99: reconMs, goal: { kind: "p99", ms: 60_000 }, note: reconNote });
      rows.at(-1)!.pass = reconResponse.ok && run.state === "completed" && judge(rows.at(-1)!);
      rows.push({
        operation: "  of which: reading the sandbox's pages",
        n: 1,
        p50: listingMs,
        p99: listingMs,
        goal: null,
        note: `${listed.toLocaleString("en")} records, timed alone just before`,
      });
    }

    // P2P at 32 connections, as bench:transfers does, between the benchmark's own funded users.
    let p2p: Awaited<ReturnType<typeof runP2pLoad>> | undefined;
    if (ONLY.has("p2p")) {
      const p2pUsers = await benchUsers(db, base, { prefix: `${BENCH_EMAIL_PREFIX}p2p-`, count: 50, fundKobo: 50_000_000n });
      p2p = await runP2pLoad({
        title: "P2P on this database",
        base,
        users: p2pUsers,
        connections: CONNECTIONS,
        seconds: SECONDS,
        serverPid: server.server.pid,
      });
    }
    await server.stop();
    server = undefined;

    if (ONLY.has("verify")) {
      console.log("\nledger:verify");
      for (const full of [false, true]) {
        const result = await ledgerVerify(url, full);
        console.log(`   ${full ? "--full" : "incremental"}: ${(result.ms / 1000).toFixed(1)} s, ${result.ok ? "held" : "FAILED"} (${result.line})`);
        rows.push({
          operation: `ledger:verify${full ? " --full" : " (incremental)"}`,
          n: 1,
          p50: result.ms,
          p99: result.ms,
          goal: { kind: "p99", ms: 60_000 },
          note: result.line,
          pass: result.ok && result.ms <= 60_000,
        });
      }
    }

    if (p2p) {
      let referenceTps = Number(process.env.BENCH_REFERENCE_TPS ?? Number.NaN);
      if (!Number.isFinite(referenceTps)) {
        console.log("\nThe reference: the same P2P load on a small throwaway database (as bench:transfers)");
        const small = await startBenchStack({ poolMax: 4 });
        try {
          const users = await small.fundedUsers("bench", 50, 50_000_000n);
          referenceTps = (
            await runP2pLoad({
              title: "P2P on a small database",
              base: small.base,
              users,
              connections: CONNECTIONS,
              seconds: SECONDS,
              serverPid: small.server.pid,
            })
          ).tps;
        } finally {
          await small.close();
        }
      }
      rows.push({
        operation: `P2P transfers, ${CONNECTIONS} connections`,
        n: Math.round(p2p.tps * SECONDS),
        p50: p2p.p50,
        p99: p2p.p99,
        goal: { kind: "tps", min: 0.9 * referenceTps },
        tps: p2p.tps,
        note: `${p2p.tps.toFixed(0)}/s vs ${referenceTps.toFixed(0)}/s on a small database (${((p2p.tps / referenceTps) * 100).toFixed(0)}%); non-2xx ${p2p.non2xx}`,
      });
      rows.at(-1)!.pass = judge(rows.at(-1)!);
    }

    const heading = `bench:scale on ${subjects.users.toLocaleString("en")} users, ${subjects.transactions.toLocaleString("en")} transactions; ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    console.log(`\n${heading}\n${formatReport(rows)}`);
    if (process.env.BENCH_REPORT_DIR) {
      await mkdir(process.env.BENCH_REPORT_DIR, { recursive: true });
      const file = join(process.env.BENCH_REPORT_DIR, `bench-scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
      await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), heading, subjects, rows }, null, 2)}\n`);
      console.log(`\nReport written to ${file}`);
    }
  } finally {
    await server?.stop();
    await sql.end();
    await close();
    await database.stop?.();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
