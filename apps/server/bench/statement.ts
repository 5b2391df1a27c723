// `pnpm bench:statement`: a 12-month statement of 100,000 wallet movements, as CSV and as PDF,
// through GET /api/statements on the server in its own process: the time to the last byte and the
// server's peak RSS while it streams (sampled every 50 ms from /proc). Target: within 30 s and
// 256 MB each. The movements are seeded straight into the ledger tables (balanced journal entries
// of +/- 1..500 naira against a system account, spread over the last 360 days); their hash chain
// is not computed, which a statement does not read. Not a test; figures in docs/performance.md.
// Options (env): BENCH_MOVEMENTS (100000), BENCH_NODE_ARGS (flags for the server's node, e.g.
// --max-old-space-size=160).
import { readFile } from "node:fs/promises";
import { lagosDate } from "@kolo/domain";
import postgres from "postgres";
import { startBenchStack } from "./kit";
import { seedWalletMovements } from "./movements";

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);

/** Resident set size of `pid` in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const stack = await startBenchStack({ poolMax: 4, nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) });
try {
  const [user] = await stack.fundedUsers("statement", 1, 100_000_000_00n);
  const pg = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const started = Date.now();
  await seedWalletMovements(pg, user!.id, MOVEMENTS);
  console.log(`seeded ${MOVEMENTS} movements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await pg.end();

  const from = lagosDate(new Date(Date.now() - 364 * 86_400_000));
  const to = lagosDate(new Date());
  const pid = stack.server.pid!;
  for (const format of ["csv", "pdf"] as const) {
    let peak = await rssMb(pid);
    const before = peak;
    const sampler = setInterval(() => {
      void rssMb(pid).then(
        (mb) => (peak = Math.max(peak, mb)),
        () => undefined,
      );
    }, 50);
    const t0 = Date.now();
    let bytes = 0;
    try {
      const response = await fetch(`${stack.base}/api/statements?from=${from}&to=${to}&format=${format}`, { headers: { cookie: user!.cookie } });
      if (!response.ok || !response.body) throw new Error(`${format}: HTTP ${response.status} ${await response.text()}`);
      for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - t0) / 1000;
    console.log(
      `${format}: ${MOVEMENTS} movements, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
    );
  }
} finally {
  await stack.close();
}
