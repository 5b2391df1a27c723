// Live events over HTTP (docs/product.md "Live updates"), on a real PostgreSQL: GET /api/events
// streams a user's own balance and transactions the moment another user's transfer commits,
// nothing about anyone else; Last-Event-ID resumes with what was missed; the tRPC subscription
// answers text/event-stream too; a stream needs a session.
import { EVENTS_KEPT_MS, eventHub } from "@kolo/api";
import { pruneEvents } from "@kolo/db";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, api, fundWallet, useTestServer, signUp } from "./helpers";

const files = useTestServer();
let payer: Client;
let payee: Client;
beforeAll(async () => {
  payer = await signUp(files.server.base, "Event Payer");
  payee = await signUp(files.server.base, "Event Payee");
  await fundWallet(files.t.db, payer.user.id, 10_000);
});

interface Message {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Opens a stream and reads its messages as they come; `next(n)` resolves with the next n. */
async function open(c: Client, path = "/api/events", headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${c.base}${path}`, { headers: { cookie: c.cookie, ...headers }, signal: controller.signal });
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const data = field("data");
          if (data === undefined) continue;
          messages.push({ id: field("id") ?? "", event: field("event") ?? "message", data: JSON.parse(data) as Record<string, unknown> });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = async (count: number, from = 0) => {
    while (messages.length < from + count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages.slice(from, from + count);
  };
  /** Resolves with every message so far once one of them satisfies `found`. */
  const until = async (found: (message: Message) => boolean) => {
    while (!messages.some(found)) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages;
  };
  const close = async () => {
    controller.abort();
    await reading;
  };
  opened.push(close);
  /** `ended` resolves once the server ends the stream (or it is closed here). */
  return { response, messages, next, until, close, ended: reading };
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** Waits until this server holds `count` streams (a stream is listening once the hub counts it). */
async function streams(count: number) {
  while (eventHub(files.t.db).size < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("GET /api/events", () => {
  it("refuses a caller who is not signed in", async () => {
    const response = await fetch(`${files.server.base}/api/events`);
    expect(response.status).toBe(401);
  });

  it("pushes the payee's new balance and the transfer the moment it commits, and nothing of the payer's", async () => {
    const stream = await open(payee);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    await streams(1);
    expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 1_250 })).status).toBe(200);
    const received = await stream.next(2);
    const byType = Object.fromEntries(received.map((m) => [m.event, m.data]));
    expect(byType.balance).toMatchObject({ type: "balance", account: "wallet", balance: 1_250 });
    expect(byType.transaction).toMatchObject({
      type: "transaction",
      transaction: { type: "p2p", amount: 1_250, status: "completed", recipientId: payee.user.id, description: "Transfer from Event Payer" },
    });
    for (const message of received) expect(message.id).toBe(message.data.id);
    await stream.close();
    expect(JSON.stringify(stream.messages)).not.toContain("8,750");
    expect(stream.messages.some((m) => m.event === "balance" && m.data.balance === 8_750)).toBe(false);
  });

  it("resumes after Last-Event-ID with the events sent while it was away", async () => {
    const first = await open(payee);
    await streams(1);
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 100 });
    const [seen] = await first.next(1);
    await first.next(1, 1);
    await first.close();
    // Away: two more transfers.
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 200 });
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 300 });
    const resumed = await open(payee, "/api/events", { "last-event-id": seen!.id });
    const total = 1_250 + 100 + 200 + 300;
    const missed = await resumed.until((m) => m.event === "balance" && m.data.balance === total);
    const amounts = missed.filter((m) => m.event === "transaction").map((m) => (m.data.transaction as { amount: number }).amount);
    expect(amounts).toEqual(expect.arrayContaining([200, 300]));
    expect(new Set(missed.map((m) => m.id)).size).toBe(missed.length); // each event once
  });

  it("a verification level change is pushed to its user", async () => {
    const stream = await open(payee);
    await streams(1);
    await files.t.client`update users set verification_level = 1 where id = ${payee.user.id}`;
    const [message] = await stream.next(1);
    expect(message).toMatchObject({ event: "verification", data: { level: 1 } });
    await stream.close();
  });
});

describe("pruning the events", () => {
  it("deletes the events older than a day, in batches, and keeps the recent: a stream still resumes after Last-Event-ID", async () => {
    // Seven events written two days ago.
    await files.t.client`
      insert into events (user_id, kind, data, created_at)
      select ${payee.user.id}, 'balance', '{}'::jsonb, now() - interval '2 days' from generate_series(1, 7)`;
    const first = await open(payee);
    await streams(1);
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 70 });
    const [seen] = await first.next(1);
    await first.next(1, 1);
    await first.close();
    // Away: one more transfer, then the prune (batches of 3 rows, each its own statement).
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 80 });
    const [{ recent }] = (await files.t.client`select count(*)::int as recent from events where created_at >= now() - interval '1 day'`) as unknown as [
      { recent: number },
    ];
    expect(await pruneEvents(files.t.db, new Date(Date.now() - EVENTS_KEPT_MS), { batch: 3 })).toBe(7);
    const [left] = await files.t.client`
      select count(*) filter (where created_at < now() - interval '1 day')::int as old, count(*)::int as total from events`;
    expect(left).toEqual({ old: 0, total: recent });

    const resumed = await open(payee, "/api/events", { "last-event-id": seen!.id });
    const missed = await resumed.until((m) => m.event === "transaction" && (m.data.transaction as { amount: number }).amount === 80);
    expect(missed.filter((m) => m.event === "transaction").map((m) => (m.data.transaction as { amount: number }).amount)).toContain(80);
  });
});

describe("the tRPC subscription events.stream", () => {
  it("says 'ready' once the server hears the user's events: a transfer committed right after it is on the stream", async () => {
    const stream = await open(payee, `/trpc/events.stream?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
    const isType = (type: string) => (m: Message) => JSON.stringify(m.data).includes(`"type":"${type}"`);
    // No look at the server's hub: the stream's own word is enough.
    const before = await stream.until(isType("ready"));
    expect(before.some(isType("balance"))).toBe(false);
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 25 });
    const received = await stream.until(isType("balance"));
    expect(received.findIndex(isType("ready"))).toBeLessThan(received.findIndex(isType("balance")));
  });

  it("answers Server-Sent Events with the same events", async () => {
    const stream = await open(payee, `/trpc/events.stream?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    await streams(1);
    await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 50 });
    const received = await stream.until((m) => JSON.stringify(m.data).includes('"type":"balance"'));
    const balance = received.find((m) => JSON.stringify(m.data).includes('"type":"balance"'))!;
    expect(balance.id).toMatch(/^\d+$/);
  });
});

describe("per-user caps", () => {
  it("at most 5 streams per user: a 6th closes the oldest; a transaction event is read once for all the streams", async () => {
    const hub = eventHub(files.t.db);
    const bystander = await open(payer);
    await streams(1);
    const mine = [];
    for (let i = 0; i < 5; i++) {
      mine.push(await open(payee));
      await streams(i + 2);
    }
    expect(hub.streamsOf(payee.user.id)).toBe(5);
    const newest = await open(payee);
    await mine[0]!.ended; // the oldest is closed by the server
    while (hub.streamsOf(payee.user.id) < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    expect([hub.streamsOf(payee.user.id), hub.streamsOf(payer.user.id)]).toEqual([5, 1]);

    const loadsBefore = hub.loads;
    expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 10 })).status).toBe(200);
    const open5 = [...mine.slice(1), newest];
    const transactionOf = (m: Message) => m.event === "transaction";
    await Promise.all([...open5, bystander].map((stream) => stream.until(transactionOf)));
    // Two event rows (the payer's and the payee's transaction), six streams: two reads.
    expect(hub.loads - loadsBefore).toBe(2);
    expect(mine[0]!.messages.some(transactionOf)).toBe(false);
  });
});
