// `pnpm bench:topup-burst`: does a burst of card top-ups against a slow payment gateway starve
// everything else? A P2P burst's p99 alone, then the same burst while 50 clients keep starting
// top-ups against a stand-in Paystack that answers POST /transaction/initialize after 2 s.
// Kolo calls the gateway with no database connection held (docs/money-integrity.md), so the
// second p99 should stay within 20% of the first. Not a test; figures in docs/performance.md.
// Options (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (16: P2P clients), BENCH_TOPUPS (50:
// concurrent top-up clients), BENCH_GATEWAY_MS (2000), BENCH_ROUNDS (3: alone/loaded pairs, medians
// compared), DB_POOL_MAX (10, the server's default).
import { randomUUID } from "node:crypto";
import { type Server, createServer } from "node:http";
import { cpus, totalmem } from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import autocannon from "autocannon";
import { type BenchUser, percentile, startBenchStack } from "./kit";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TOPUPS = Number(process.env.BENCH_TOPUPS ?? 50);
const GATEWAY_MS = Number(process.env.BENCH_GATEWAY_MS ?? 2000);
const POOL = process.env.DB_POOL_MAX ?? "10";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A stand-in for Paystack's POST /transaction/initialize that answers after `delayMs`; counts calls. */
async function slowGateway(delayMs: number): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/transaction/initialize") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ status: false, message: "Not found" }));
        return;
      }
      calls++;
      const { reference } = JSON.parse(body) as { reference: string };
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            status: true,
            message: "Authorization URL created",
            data: { authorization_url: `https://checkout.example/${reference}`, access_code: reference, reference },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}`, calls: () => calls };
}

/** Each top-up user starts top-ups one after another until `stop()`; answers latencies and statuses. */
function topUpLoad(base: string, users: BenchUser[]) {
  let running = true;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const done = Promise.all(
    users.map(async (user, index) => {
      // Clients start spread over one gateway answer time, as users arrive, then keep one top-up each in flight.
      await new Promise((resolve) => setTimeout(resolve, (index / users.length) * GATEWAY_MS));
      while (running) {
        const started = performance.now();
        const status = await fetch(`${base}/api/wallet/topup`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, cookie: user.cookie, "idempotency-key": randomUUID() },
          body: JSON.stringify({ amount: 1000 }),
        }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        );
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return {
    stop: async () => {
      running = false;
      await done;
      latencies.sort((a, b) => a - b);
      return { latencies, statuses };
    },
  };
}

/**
 * The worker thread: the stand-in gateway and the top-up clients run here, off the thread whose
 * event loop autocannon measures latency on. Messages: {load: {base, users}} starts the clients,
 * posting "reached" once each has a top-up at the gateway; "stop" answers {latencies, statuses}.
 */
async function workerMain() {
  const gateway = await slowGateway(GATEWAY_MS);
  parentPort!.postMessage({ url: gateway.url });
  let load: ReturnType<typeof topUpLoad> | undefined;
  const onMessage = async (message: { load?: { base: string; users: BenchUser[] } } | "stop" | "close") => {
    if (message === "stop") {
      const result = await load!.stop();
      parentPort!.postMessage({ latencies: result.latencies, statuses: [...result.statuses] });
    } else if (message === "close") {
      gateway.server.closeAllConnections();
      gateway.server.close(() => parentPort!.close());
    } else if (message.load) {
      const before = gateway.calls();
      load = topUpLoad(message.load.base, message.load.users);
      while (gateway.calls() - before < message.load.users.length) await new Promise((resolve) => setTimeout(resolve, 20));
      parentPort!.postMessage("reached");
    }
  };
  parentPort!.on("message", (message: Parameters<typeof onMessage>[0]) => void onMessage(message));
}

async function main() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: "load" } });
  const nextMessage = <T>() => new Promise<T>((resolve) => worker.once("message", resolve));
  const gateway = await nextMessage<{ url: string }>();
  const stack = await startBenchStack({
    poolMax: 4,
    serverEnv: { PAYSTACK_SECRET_KEY: "sk_test_bench", PAYSTACK_BASE_URL: gateway.url, DB_POOL_MAX: POOL, REQUEST_TIMEOUT_MS: "15000" },
  });
  const { base } = stack;
  console.log(`Setting up 20 funded senders and ${TOPUPS} top-up users...`);
  const senders = await stack.fundedUsers("p2p", 20, 50_000_000n);
  const toppers = await stack.fundedUsers("topup", TOPUPS, 0n);

  /** One autocannon run of POST /api/transfer/p2p between the senders; answers its figures. */
  const p2pBurst = async (title: string) => {
    console.log(`\n${title}: POST /api/transfer/p2p, ${CONNECTIONS} connections, ${SECONDS} s (autocannon)`);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: "POST",
          path: "/api/transfer/p2p",
          setupRequest: (req) => {
            const from = senders[Math.floor(Math.random() * senders.length)]!;
            const to = senders[(senders.indexOf(from) + 1 + Math.floor(Math.random() * (senders.length - 1))) % senders.length]!;
            return {
              ...req,
              headers: { "content-type": "application/json", origin: base, cookie: from.cookie, "idempotency-key": randomUUID() },
              body: JSON.stringify({ recipientEmail: to.email, amount: 1 + Math.floor(Math.random() * 900) / 100 }),
            };
          },
        },
      ],
    });
    const figures = { tps: result["2xx"] / SECONDS, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
    console.log(`   transfers/s ${figures.tps.toFixed(1)}  p50 ${figures.p50} ms  p99 ${figures.p99} ms  non-2xx ${figures.non2xx}  errors ${figures.errors}`);
    return figures;
  };

  await p2pBurst("warm-up");
  const alone: Awaited<ReturnType<typeof p2pBurst>>[] = [];
  const loaded: Awaited<ReturnType<typeof p2pBurst>>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    alone.push(await p2pBurst(`${round}a) P2P burst alone`));
    // Every top-up client has a top-up at the gateway before the burst starts.
    worker.postMessage({ load: { base, users: toppers } });
    await nextMessage<"reached">();
    loaded.push(
      await p2pBurst(`${round}b) The same burst while ${TOPUPS} clients each keep a top-up in flight against a gateway answering in ${GATEWAY_MS} ms`),
    );
    worker.postMessage("stop");
    const topUps = await nextMessage<{ latencies: number[]; statuses: [number, number][] }>();
    const statusLine = topUps.statuses.map(([status, count]) => `${status === 0 ? "network error" : `HTTP ${status}`} × ${count}`).join(", ");
    console.log(
      `   top-ups answered ${topUps.latencies.length} (${statusLine})  p50 ${percentile(topUps.latencies, 50).toFixed(0)} ms  p99 ${percentile(topUps.latencies, 99).toFixed(0)} ms`,
    );
  }

  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const aloneP99 = median(alone.map((run) => run.p99));
  const loadedP99 = median(loaded.map((run) => run.p99));
  console.log("\nSummary");
  console.log(
    `   machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; server pool ${POOL}; ${ROUNDS} rounds`,
  );
  console.log(`   P2P p99 alone ${alone.map((run) => run.p99).join(", ")} ms | with ${TOPUPS} top-ups in flight ${loaded.map((run) => run.p99).join(", ")} ms`);
  console.log(`   median p99 ratio ${(loadedP99 / aloneP99).toFixed(2)} (target <= 1.20)`);
  console.log(
    `   P2P transfers/s alone ${median(alone.map((run) => run.tps)).toFixed(1)} | with top-ups ${median(loaded.map((run) => run.tps)).toFixed(1)} (non-2xx ${loaded.reduce((n, run) => n + run.non2xx, 0)}, errors ${loaded.reduce((n, run) => n + run.errors, 0)})`,
  );

  await stack.close();
  worker.postMessage("close");
  await new Promise((resolve) => worker.once("exit", resolve));
}

(isMainThread ? main() : (workerData as { role: string }).role === "load" ? workerMain() : Promise.resolve()).catch((error) => {
  console.error(error);
  process.exit(1);
});
