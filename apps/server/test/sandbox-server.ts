// The real server on a real port with every provider sandbox of the registry mounted; the real
// clients (PaystackClient) talk to it over HTTP. Used by the provider kit and banking tests.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { type Services, recordingScheduler, settleTopUp } from "@kolo/api";
import { PaystackClient, VtpassClient } from "@kolo/providers";
import { type Database, insertTransaction } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { createTestDatabase, type TestDatabase } from "@kolo/db/testing";
import { afterAll, beforeAll, expect } from "vitest";
import { sandboxMailer } from "@kolo/sandboxes";
import { buildApp } from "../src/app";

/** The BVN hash key of the test servers. */
export const TEST_BVN_HASH_KEY = "test-bvn-hash-key-0123456789abcdef";

export interface SandboxServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The database the server runs on (its sandbox mailbox is there too). */
  db: Database;
  base: string;
  secretKey: string;
  paystack: PaystackClient;
  /** The real VTpass client against the VTpass sandbox (short timeout: `vtpassTimeoutMs`). */
  vtpass: VtpassClient;
  /** The services' log: its warnings are collected in `warnings`. */
  log: Services["log"];
  warnings: string[];
}

/**
 * Starts the app with the Paystack sandbox; `webhookDelayMs` 0 sends queued webhooks at once;
 * `deliverWebhooks: false` sends them nowhere (the test posts its own).
 */
export async function startSandboxServer(
  db: Database,
  options: {
    webhookDelayMs?: number;
    /** The Paystack sandbox's retry interval of a charge webhook that got no 200 (default Paystack's 3 minutes). */
    webhookRetryMs?: number;
    webhookUrl?: string;
    deliverWebhooks?: boolean;
    services?: Partial<Services>;
    logLines?: string[];
    onRoute?: Parameters<typeof buildApp>[0]["onRoute"];
    authRateLimit?: { max: number; windowMs: number };
    webDistDir?: string;
    /** The VTpass client's timeout (default 2 s: the hang fixture then costs 2 s, not 30). */
    vtpassTimeoutMs?: number;
    /** How long the VTpass sandbox keeps 201000000000 processing (default 0: the next requery delivers). */
    vtpassPendingMs?: number;
    /** Hold mode of both sandboxes: pending purchases and queued payouts wait for the release and settle controls. */
    hold?: boolean;
  } = {},
): Promise<SandboxServer> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const secretKey = `sk_test_${randomBytes(8).toString("hex")}`;
  const paystack = new PaystackClient({ baseUrl: `${base}/sandbox/paystack`, secretKey });
  const vtpassKeys = {
    apiKey: `api_${randomBytes(8).toString("hex")}`,
    publicKey: `PK_${randomBytes(8).toString("hex")}`,
    secretKey: `SK_${randomBytes(8).toString("hex")}`,
  };
  const vtpass = new VtpassClient({ baseUrl: `${base}/sandbox/vtpass/api`, ...vtpassKeys, timeoutMs: options.vtpassTimeoutMs ?? 2_000 });
  const warnings: string[] = [];
  const log: Services["log"] = {
    warn: (details, message) => {
      warnings.push(message);
      options.logLines?.push(JSON.stringify({ ...details, message }));
    },
  };
  const webhookUrl = options.deliverWebhooks === false ? `${base}/api/health-nowhere` : (options.webhookUrl ?? `${base}/api/webhooks/paystack`);
  const app = await buildApp({
    db,
    // logLines: every log line at trace level is collected (tests look for what must never be logged).
    logLevel: options.logLines ? "trace" : "silent",
    logStream: options.logLines ? { write: (line: string) => void options.logLines!.push(line) } : undefined,
    services: {
      publicUrl: base,
      paymentGateway: paystack,
      banking: paystack,
      purchases: vtpass,
      bvnHashKey: TEST_BVN_HASH_KEY,
      mailer: sandboxMailer(db),
      log,
      jobs: recordingScheduler(),
      ...options.services,
    },
    sandboxes: {
      paystack: { secretKey, webhookUrl, webhookDelayMs: options.webhookDelayMs ?? 0, webhookRetryMs: options.webhookRetryMs, hold: options.hold },
      vtpass: { ...vtpassKeys, webhookUrl: `${base}/api/webhooks/vtpass`, pendingDelayMs: options.vtpassPendingMs ?? 0, hold: options.hold },
      mail: {},
    },
    onRoute: options.onRoute,
    authRateLimit: options.authRateLimit,
    webDistDir: options.webDistDir,
    checkResponses: true,
  });
  await app.listen({ port, host: "127.0.0.1" });
  return { app, db, base, secretKey, paystack, vtpass, log, warnings };
}

export interface Client {
  base: string;
  cookie: string;
  user: { id: number; email: string; name: string };
}

/** Registers a user over HTTP on `base`; returns its session cookie. */
export async function signUp(base: string, name = "Bank User", phone = ""): Promise<Client> {
  const email = `bank-${randomBytes(4).toString("hex")}@example.com`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name, email, password: "secret123", username: email, phone }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("kolo_session="))!
    .split(";")[0]!;
  return { base, cookie, user: (await response.json()) as Client["user"] };
}

/** A same-origin API call with the client's session; `body` is sent as JSON; `signal` may cut it off. */
export const api = (c: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${c.base}${path}`, {
    method,
    headers: { cookie: c.cookie, origin: c.base, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

export interface CapturedWebhook {
  signature: string | undefined;
  raw: string;
  body: { event: string; data: { reference: string; status: string; recipient?: { recipient_code?: string } } };
}

/** A stand-in webhook receiver on a real port: records every delivery; `next(n)` waits for n more for a reference. */
export async function startWebhookCapture() {
  const received: CapturedWebhook[] = [];
  const waiters: { reference: string; count: number; resolve: (hooks: CapturedWebhook[]) => void }[] = [];
  const forReference = (reference: string) => received.filter((hook) => hook.body.data.reference === reference);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const signature = req.headers["x-paystack-signature"];
      received.push({ raw, signature: typeof signature === "string" ? signature : undefined, body: JSON.parse(raw) as CapturedWebhook["body"] });
      res.writeHead(200).end("{}");
      for (const waiter of [...waiters]) {
        const hooks = forReference(waiter.reference);
        if (hooks.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(hooks);
        }
      }
    });
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    forReference,
    /** Resolves once `count` webhooks for `reference` have arrived (the test's timeout bounds the wait). */
    waitFor(reference: string, count: number): Promise<CapturedWebhook[]> {
      const hooks = forReference(reference);
      if (hooks.length >= count) return Promise.resolve(hooks);
      return new Promise((resolve) => waiters.push({ reference, count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The client's wallet balance in naira, from GET /api/auth/me. */
export const balanceOf = async (c: Client) => ((await (await api(c, "GET", "/api/auth/me")).json()) as { balance: number }).balance;

/** docs/providers.md's Paystack fixture accounts (bank code, account) and what a payout to each does. */
export const PAYOUT_ACCOUNTS = {
  success: { bankName: "GTBank", bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR" },
  success2: { bankName: "UBA", bankCode: "033", accountNumber: "1234567895", accountName: "CHUKWUEMEKA EZE" },
  /** transfer.failed */
  failed: { bankName: "Access", bankCode: "044", accountNumber: "0000000017", accountName: "TUNDE BAKARE" },
  /** transfer.success, then transfer.reversed */
  reversed: { bankName: "Access", bankCode: "044", accountNumber: "0000000024", accountName: "NGOZI ADEYEMI" },
  /** stays pending: no webhook, verify answers pending */
  stuck: { bankName: "Access", bankCode: "044", accountNumber: "0000000031", accountName: "EMEKA NWOSU" },
} as const;
export type PayoutAccountName = keyof typeof PAYOUT_ACCOUNTS;

/** Delivers a captured webhook to `s`'s /api/webhooks/paystack as the provider sent it (same bytes, same signature). */
export async function forwardWebhook(s: { base: string }, hook: CapturedWebhook): Promise<{ status: number; body: { received: boolean; outcome?: string } }> {
  const response = await fetch(`${s.base}/api/webhooks/paystack`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(hook.signature ? { "x-paystack-signature": hook.signature } : {}) },
    body: hook.raw,
  });
  return { status: response.status, body: (await response.json()) as { received: boolean; outcome?: string } };
}

/** A seeded pseudo-random source in [0, 1) (a linear congruential generator): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2_147_483_648;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Credits `naira` to `userId` through the real top-up settlement (a paid card charge). */
export async function fundWallet(db: Database, userId: number, naira: number): Promise<void> {
  const kobo = BigInt(Math.round(naira * 100));
  const reference = `TEST-FUND-${userId}-${randomBytes(6).toString("hex")}`;
  await insertTransaction(db, {
    type: "topup",
    amount: kobo,
    status: "pending",
    reference,
    description: "Wallet top-up",
    recipientId: userId,
    metadata: { gateway: "paystack" },
  });
  const result = await settleTopUp(
    db,
    {
      reference,
      status: "success",
      amountKobo: kobo,
      currency: "NGN",
      feesKobo: null,
      paidAt: new Date().toISOString(),
      channel: "card",
      gatewayResponse: "Successful",
    },
    { warn: () => {} },
  );
  if (result.outcome !== "credited") throw new Error(`funding failed: ${result.outcome}`);
}

/** Services like the server's (its Paystack and VTpass clients and log), for calling the api's functions and the job kit directly. */
export const servicesOf = (s: SandboxServer, jobs: Services["jobs"] = recordingScheduler()): Services => ({
  publicUrl: s.base,
  paymentGateway: s.paystack,
  banking: s.paystack,
  purchases: s.vtpass,
  bvnHashKey: TEST_BVN_HASH_KEY,
  mailer: sandboxMailer(s.db),
  log: s.log,
  jobs,
});

/**
 * A fresh test database and a sandbox server on it for the calling test file: started before its
 * tests, closed after them. Read `.t` and `.server` inside tests (they are set once beforeAll ran).
 */
export function serverPerFile(options: Parameters<typeof startSandboxServer>[1] = {}): { t: TestDatabase; server: SandboxServer } {
  const handle = {} as { t: TestDatabase; server: SandboxServer };
  beforeAll(async () => {
    handle.t = await createTestDatabase();
    handle.server = await startSandboxServer(handle.t.db, options);
  });
  afterAll(async () => {
    await handle.server.app.close();
    await handle.t.close();
  });
  return handle;
}
