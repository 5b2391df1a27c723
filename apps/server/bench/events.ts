// `pnpm bench:events`: the live event stream's capacity (docs/performance.md "Live events"). Not a test.
// 1. Idle streams: opens BENCH_STREAMS (5,000) GET /api/events streams and reports the server's
//    RSS before and after (target: within 300 MB).
// 2. Latency under load: BENCH_USERS (2,000) users each with one open stream; BENCH_RATE (200)
//    P2P transfers a second among them for BENCH_SECONDS (15); for every transfer, the time from
//    its record's creation (just before its commit, so an upper bound) to each party's
//    `transaction` event arriving (target: p99 at most 250 ms), and whether every event arrived.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { settleTopUp } from "@kolo/api";
import { insertTransaction, schema } from "@kolo/db";
import { eq, sql } from "drizzle-orm";
import { percentile, startBenchStack } from "./kit";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5_000);
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

/** The server process's resident memory, MB (Linux /proc). */
const rssMb = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.replace(/\D+/g, "") ?? 0) / 1024);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  userIndex: number;
  close: () => void;
}

async function main() {
  const stack = await startBenchStack({ poolMax: 10, serverEnv: { DB_POOL_MAX: "20" } });
  const { base, db, server } = stack;

  // Users straight into the database (a password hash copied from one real registration), at
  // verification level 2, each with a session: registering thousands over HTTP would time argon2.
  const count = Math.max(STREAMS, USERS);
  console.log(`Creating ${count} users with sessions...`);
  const [first] = await stack.fundedUsers("events-seed", 1, 0n);
  const [seed] = await db.select({ hash: schema.users.passwordHash }).from(schema.users).where(eq(schema.users.id, first!.id));
  const ids = (await db.execute(sql`
    insert into users (name, email, password_hash, verification_level)
    select 'Events User ' || g, 'events-' || g || '@example.com', ${seed!.hash}, 2 from generate_series(1, ${count}::int) g
    returning id`)) as unknown as { id: number }[];
  const tokens = ids.map(() => randomBytes(20).toString("hex"));
  const expires = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < ids.length; i += 1_000) {
    await db.insert(schema.sessions).values(
      ids.slice(i, i + 1_000).map((row, j) => ({
        id: createHash("sha256")
          .update(tokens[i + j]!)
          .digest("hex"),
        userId: row.id,
        expiresAt: expires,
      })),
    );
  }
  const cookieOf = (i: number) => `kolo_session=${tokens[i]}`;
  console.log(`Funding ${USERS} senders...`);
  for (let i = 0; i < USERS; i++) {
    const reference = `BENCH-EVENTS-FUND-${i}`;
    await insertTransaction(db, {
      type: "topup",
      amount: 10_000_000n,
      status: "pending",
      reference,
      description: "Wallet top-up",
      recipientId: ids[i]!.id,
      metadata: { gateway: "paystack" },
    });
    await settleTopUp(
      db,
      { reference, status: "success", amountKobo: 10_000_000n, currency: "NGN", feesKobo: null, paidAt: null, channel: "card", gatewayResponse: null },
      { warn: () => {} },
    );
  }

  /** Latency samples (ms): each party's transaction event adds one. */
  const samples: number[] = [];
  let received = 0;

  const open = async (userIndex: number, onEvent?: (event: { type: string; transaction?: { id: number; createdAt: string } }) => void): Promise<Stream> => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie: cookieOf(userIndex) },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`stream ${userIndex}: HTTP ${response.status}`);
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (!onEvent) continue;
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            if (data) onEvent(JSON.parse(data.slice(6)) as never);
          }
        }
      } catch {
        // closed
      }
    })();
    return { userIndex, close: () => controller.abort() };
  };

  // 1. Idle streams.
  await sleep(2_000);
  const idleBefore = rssMb(server.pid);
  console.log(`\n1) ${STREAMS} idle streams: server RSS before ${idleBefore} MB`);
  const streams: Stream[] = [];
  for (let i = 0; i < STREAMS; i += 250) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(250, STREAMS - i) }, (_, j) => open(i + j)))));
  }
  await sleep(3_000);
  const idleAfter = rssMb(server.pid);
  console.log(
    `   open: ${streams.length}; server RSS ${idleAfter} MB (+${idleAfter - idleBefore} MB, ${(((idleAfter - idleBefore) * 1024) / streams.length).toFixed(1)} KB a stream)`,
  );
  for (const stream of streams) stream.close();
  await sleep(2_000);

  // 2. Latency under load.
  console.log(`\n2) ${USERS} users streaming, ${RATE} transfers/s for ${SECONDS} s`);
  const onEvent = (event: { type: string; transaction?: { id: number; createdAt: string } }) => {
    if (event.type !== "transaction" || !event.transaction) return;
    received++;
    samples.push(Date.now() - new Date(event.transaction.createdAt).getTime());
  };
  const live: Stream[] = [];
  for (let i = 0; i < USERS; i += 250) live.push(...(await Promise.all(Array.from({ length: Math.min(250, USERS - i) }, (_, j) => open(i + j, onEvent)))));
  await sleep(2_000);
  let sent = 0;
  let ok = 0;
  let failed = 0;
  const inflight: Promise<void>[] = [];
  const started = Date.now();
  const tickMs = 50;
  let owed = 0;
  while (Date.now() - started < SECONDS * 1_000) {
    const tickStart = Date.now();
    owed += (RATE * tickMs) / 1_000;
    for (; owed >= 1; owed--) {
      const from = Math.floor(Math.random() * USERS);
      let to = Math.floor(Math.random() * USERS);
      if (to === from) to = (to + 1) % USERS;
      sent++;
      inflight.push(
        fetch(`${base}/api/transfer/p2p`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, cookie: cookieOf(from), "idempotency-key": randomUUID() },
          body: JSON.stringify({ recipientEmail: `events-${to + 1}@example.com`, amount: 1 }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.ok) ok++;
            else failed++;
          },
          () => void failed++,
        ),
      );
    }
    await sleep(Math.max(0, tickMs - (Date.now() - tickStart)));
  }
  await Promise.all(inflight);
  const elapsed = (Date.now() - started) / 1_000;
  await sleep(3_000);
  samples.sort((a, b) => a - b);
  console.log(`   sent ${sent} (${(sent / elapsed).toFixed(0)}/s), 2xx ${ok}, failed ${failed}`);
  console.log(`   transaction events received ${received} of ${ok * 2} expected (sender and recipient)`);
  console.log(
    `   record created -> event received: p50 ${percentile(samples, 50)} ms, p95 ${percentile(samples, 95)} ms, p99 ${percentile(samples, 99)} ms, max ${samples.at(-1) ?? 0} ms`,
  );
  console.log(`   server RSS at the end ${rssMb(server.pid)} MB`);
  for (const stream of live) stream.close();
  await stack.close();
}

await main();
