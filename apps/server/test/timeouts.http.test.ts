// A busy, frozen or unreachable database gives a clear 503, never a hang, and
// /api/health is a readiness check that touches the database. Short timeouts keep it quick.
import net from "node:net";
import { createDb } from "@kolo/db";
import { useTestDatabase } from "@kolo/db/testing";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, buildTestApp } from "./helpers";

const UNAVAILABLE = { message: "Service temporarily unavailable", details: null, code: "SERVICE_UNAVAILABLE" };
const LOGIN = { email: "nobody@example.com", username: "nobody@example.com", password: "secret123" };

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", origin: ORIGIN }, body: JSON.stringify(body) });

/** A TCP server that accepts connections and never says a word: a frozen PostgreSQL. */
async function frozenDatabase() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://kolo:kolo@127.0.0.1:${port}/kolo`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Runs `use` against a listening app whose database is frozen (connect timeout and request deadlines as given), then closes both. */
async function onFrozenDatabase(connectTimeoutMs: number, timeouts: { requestMs: number; healthMs: number }, use: (base: string) => Promise<void>) {
  const frozen = await frozenDatabase();
  const handle = createDb(frozen.url, { connectTimeoutMs });
  const app = await buildTestApp(handle.db, { timeouts });
  try {
    await use(await listen(app));
  } finally {
    await app.close();
    frozen.close();
    await handle.client.end({ timeout: 0 });
  }
}

const { t } = useTestDatabase({ statementTimeoutMs: 300 });

describe("a busy database (a lock held by another connection)", () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    // A long request deadline: the 503 must come from the statement timeout.
    app = await buildTestApp(t.db, { timeouts: { requestMs: 60_000, healthMs: 2_000 } });
    base = await listen(app);
  });
  afterAll(() => app.close());

  it("answers 503 'Service temporarily unavailable' on REST and tRPC once the statement timeout passes", async () => {
    const locker = postgres(t.url, { max: 1, onnotice: () => {} });
    try {
      await locker.begin(async (tx) => {
        await tx`lock table users in access exclusive mode`;
        const rest = await post(`${base}/api/auth/login`, LOGIN);
        expect(rest.status).toBe(503);
        expect(await rest.json()).toEqual(UNAVAILABLE);
        const trpc = await post(`${base}/trpc/auth.login`, { json: LOGIN });
        expect(trpc.status).toBe(503);
        const { error } = (await trpc.json()) as { error: { json: { message: string; data: { domainCode: string } } } };
        expect([error.json.message, error.json.data.domainCode]).toEqual(["Service temporarily unavailable", "SERVICE_UNAVAILABLE"]);
      });
    } finally {
      await locker.end();
    }
    // Lock released: the same call is an ordinary wrong login again.
    expect((await post(`${base}/api/auth/login`, LOGIN)).status).toBe(401);
  });

  it("health answers ok when the database answers", async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("a frozen database (accepts connections, never answers)", () => {
  it("answers 503 after the request deadline, and health answers 503", async () => {
    // Connections never get ready, and the connect timeout is far away: only the deadline answers.
    await onFrozenDatabase(120_000, { requestMs: 500, healthMs: 300 }, async (base) => {
      const rest = await post(`${base}/api/auth/login`, LOGIN);
      expect(rest.status).toBe(503);
      expect(await rest.json()).toEqual(UNAVAILABLE);
      expect((await post(`${base}/trpc/auth.login`, { json: LOGIN })).status).toBe(503);

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual(UNAVAILABLE);
    });
  });

  it("answers 503 when no connection gets ready within the connect timeout", async () => {
    // A long request deadline: the 503 must come from the connect timeout.
    await onFrozenDatabase(300, { requestMs: 60_000, healthMs: 60_000 }, async (base) => {
      const rest = await post(`${base}/api/auth/login`, LOGIN);
      expect(rest.status).toBe(503);
      expect(await rest.json()).toEqual(UNAVAILABLE);
      expect((await post(`${base}/trpc/auth.login`, { json: LOGIN })).status).toBe(503);
      expect((await fetch(`${base}/api/health`)).status).toBe(503);
    });
  });
});
