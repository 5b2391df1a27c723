// Lighthouse benchmark (`pnpm bench:lighthouse`): the npm `lighthouse` package with Debian's
// Chromium, mobile preset (Lighthouse's default: Moto G Power screen, simulated slow 4G, 4× CPU),
// on /login signed out and on /dashboard signed in as the demo user. Reports the performance,
// accessibility and best-practices scores against the targets of docs/performance.md, and each
// failed audit. A benchmark, not a test: it asserts nothing. Builds nothing: run
// `pnpm --filter @kolo/web build` first (the bench:lighthouse script does).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3291);
/** BENCH_BASE_URL audits a server already running there (with the demo sign-ins) instead of starting one. */
const BASE = process.env.BENCH_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A folder to keep each run's whole Lighthouse report in (JSON: per-script boot-up time, the main thread's breakdown); none by default. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
let reportCount = 0;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 90, accessibility: 100, "best-practices": 100 };
/** The demo user of the development seed (README "Demo sign-ins"). */
const DEMO_USER = { email: "user@kolo.test", password: "user1234" };

/** The session cookie of the demo user, from POST /api/auth/login (docs/rest-api.md). */
async function demoSessionCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...DEMO_USER, username: DEMO_USER.email }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

interface Scores {
  scores: Record<string, number>;
  failed: string[];
  metrics: Record<string, number>;
}

async function audit(path: string, cookie?: string): Promise<Scores> {
  const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const result = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { lhr } = result;
    if (REPORT_DIR) {
      await mkdir(REPORT_DIR, { recursive: true });
      await writeFile(join(REPORT_DIR, `${path.replaceAll("/", "_") || "_"}-${++reportCount}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const failed = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => `${id}: ${a?.id} (${a?.displayValue ?? a?.score})`),
    );
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const metrics = {
      "first-contentful-paint": metric("first-contentful-paint"),
      "largest-contentful-paint": metric("largest-contentful-paint"),
      "total-blocking-time": metric("total-blocking-time"),
      "cumulative-layout-shift (×1000)": Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000),
      "speed-index": metric("speed-index"),
    };
    return { scores, failed: [...new Set(failed)], metrics };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const server = process.env.BENCH_BASE_URL ? undefined : await startBenchServer(PORT);
try {
  const cookie = await demoSessionCookie();
  for (const [label, path, session] of [
    ["/login, signed out", "/login", undefined],
    ["/dashboard, signed in", "/dashboard", cookie],
  ] as const) {
    const runs: Scores[] = [];
    // A run Lighthouse itself could not finish (its runtimeError) is tried again, up to twice.
    for (let i = 0, failures = 0; i < RUNS; ) {
      try {
        runs.push(await audit(path, session));
        i++;
      } catch (error) {
        if (++failures > 2) throw error;
        console.warn(`  run ${i + 1} failed, trying again: ${String(error)}`);
      }
    }
    console.log(`\n${label} (Lighthouse mobile, ${RUNS} runs, medians)`);
    for (const id of CATEGORIES) {
      const values = runs.map((run) => run.scores[id] ?? 0);
      console.log(`  ${id.padEnd(15)} ${String(median(values)).padStart(3)} (target ≥ ${TARGETS[id]}; runs: ${values.join(", ")})`);
    }
    for (const name of Object.keys(runs[0]?.metrics ?? {}))
      console.log(`  ${name.padEnd(32)} ${median(runs.map((run) => run.metrics[name] ?? Number.NaN))} ms`);
    const failed = [...new Set(runs.flatMap((run) => run.failed))];
    if (failed.length > 0) console.log(`  audits under 0.9 in any run:\n${failed.map((f) => `    ${f}`).join("\n")}`);
  }
} finally {
  server?.kill("SIGTERM");
}
