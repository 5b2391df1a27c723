// The P2P load the benchmarks share (bench:transfers, bench:scale): autocannon drives
// POST /api/transfer/p2p between funded users (random sender, one of its ring neighbours as recipient, ₦1–₦10, a fresh
// Idempotency-Key each) and reports transfers/s, latency and the server process's CPU time.
// Benchmarks only (docs/performance.md); not used by tests.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type { BenchUser } from "./kit";

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Each sender pays only the next RECIPIENTS_PER_SENDER users around the ring: fewer new recipients
 * in an hour than the fraud rule allows (5, docs/product.md "new_recipients"), so the load is the everyday
 * transfer and not a queue of payments held for review.
 */
export const RECIPIENTS_PER_SENDER = 4;

/**
 * A random transfer between two different `users` (at least two): a random sender, one of its
 * RECIPIENTS_PER_SENDER neighbours on the ring as recipient; amount in naira, ₦1.00–₦9.99.
 */
export function pickTransfer(users: BenchUser[]): { from: BenchUser; to: BenchUser; amount: number } {
  const index = Math.floor(Math.random() * users.length);
  const step = 1 + Math.floor(Math.random() * Math.min(RECIPIENTS_PER_SENDER, users.length - 1));
  return { from: users[index]!, to: users[(index + step) % users.length]!, amount: 1 + Math.floor(Math.random() * 900) / 100 };
}

export interface P2pLoadResult {
  /** 2xx answers per second. */
  tps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run of POST /api/transfer/p2p against `base` with `connections` connections for
 * `seconds` s; prints a line under `title` (and the CPU the server process `serverPid` used, when
 * /proc has it). Latencies in ms.
 */
export async function runP2pLoad(options: {
  title: string;
  base: string;
  users: BenchUser[];
  connections: number;
  seconds: number;
  serverPid?: number;
}): Promise<P2pLoadResult> {
  const { base, users, connections, seconds } = options;
  console.log(`\n${options.title}: POST /api/transfer/p2p, ${connections} connections, ${seconds} s (autocannon)`);
  const cpuBefore = cpuSeconds(options.serverPid);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/api/transfer/p2p",
        setupRequest: (req) => {
          const { from, to, amount } = pickTransfer(users);
          return {
            ...req,
            headers: { "content-type": "application/json", origin: base, cookie: from.cookie, "idempotency-key": randomUUID() },
            body: JSON.stringify({ recipientEmail: to.email, amount }),
          };
        },
      },
    ],
  });
  const tps = result["2xx"] / seconds;
  console.log(
    `   transfers/s ${tps.toFixed(1)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  const cpuAfter = cpuSeconds(options.serverPid);
  if (cpuBefore !== undefined && cpuAfter !== undefined && result["2xx"] > 0) {
    const used = cpuAfter - cpuBefore;
    console.log(
      `   server process CPU ${used.toFixed(1)} s in ${seconds} s (${((used / seconds) * 100).toFixed(0)}% of one core), ${((used * 1000) / result["2xx"]).toFixed(2)} ms CPU per transfer`,
    );
  }
  return { tps, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}
