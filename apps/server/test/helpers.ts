// The one harness of the server's tests (docs/testing.md "Test layout and harness"): the real
// app on a fresh test database, per file (useTestServer: on a real port with every provider
// sandbox mounted; useTestApp: driven with Fastify's inject), and the users, funding, calls and
// provider steps the tests share. A helper a second test file needs belongs here, not in a copy.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { type Services, recordingScheduler } from "@kolo/api";
import { PaystackClient, VtpassClient } from "@kolo/providers";
import { fundUser } from "@kolo/api/testing";
import { type Database, schema, setFeatureSetting } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { type TestDatabase, createTestDatabase, lateBound, promoteToAdmin } from "@kolo/db/testing";
import type { FeatureKey } from "@kolo/domain";
import { sandboxMailer } from "@kolo/sandboxes";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp } from "../src/app";

// --- Servers on a real port, with the provider sandboxes ---

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

/** How startSandboxServer sets up the app and its sandboxes. */
export interface SandboxServerOptions {
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
}

/**
 * Starts the app with the Paystack sandbox; `webhookDelayMs` 0 sends queued webhooks at once;
 * `deliverWebhooks: false` sends them nowhere (the test posts its own).
 */
export async function startSandboxServer(db: Database, options: SandboxServerOptions = {}): Promise<SandboxServer> {
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
  return { base, cookie: sessionCookieOf(response), user: (await response.json()) as Client["user"] };
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

/** A running webhook capture (startWebhookCapture). */
export type WebhookCapture = Awaited<ReturnType<typeof startWebhookCapture>>;

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

/** Credits `naira` to `userId` through the real top-up settlement (a paid card charge; fundUser of @kolo/api/testing). */
export const fundWallet = (db: Database, userId: number, naira: number): Promise<void> => fundUser(db, userId, BigInt(Math.round(naira * 100)));

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

// --- Apps driven with inject() ---

export const ORIGIN = "http://localhost:3000";

/** How buildTestApp sets up the app. */
export interface TestAppOptions {
  rateLimitMax?: number;
  services?: Partial<Services>;
  trustProxy?: string;
  webDistDir?: string;
  timeouts?: { requestMs: number; healthMs: number };
}

/** The app, not listening, with providers on a closed port: for tests that drive it with inject(). */
export async function buildTestApp(db: Database, options: TestAppOptions = {}) {
  return buildApp({
    db,
    webDistDir: options.webDistDir,
    services: {
      publicUrl: ORIGIN,
      // Auth tests never pay: the gateway points at a closed port.
      paymentGateway: new PaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: "sk_unused" }),
      banking: new PaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: "sk_unused" }),
      purchases: new VtpassClient({ baseUrl: "http://127.0.0.1:9/vtpass", apiKey: "unused", publicKey: "unused", secretKey: "unused" }),
      bvnHashKey: "test-bvn-hash-key-0123456789abcdef",
      mailer: sandboxMailer(db),
      log: { warn: () => {} },
      jobs: recordingScheduler(),
      ...options.services,
    },
    authRateLimit: { max: options.rateLimitMax ?? 10_000, windowMs: 60_000 },
    logLevel: "silent",
    trustProxy: options.trustProxy,
    timeouts: options.timeouts,
    checkResponses: true,
  });
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "kolo_session");
  if (!cookie?.value) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return `kolo_session=${cookie.value}`;
}

let counter = 0;
export async function registerOverHttp(app: FastifyInstance, overrides: { name?: string; email?: string; password?: string } = {}) {
  counter++;
  const payload = {
    name: overrides.name ?? `Http User ${counter}`,
    email: overrides.email ?? `http${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: overrides.password ?? "secret123",
    phone: "",
  };
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { ...payload, username: payload.email },
    headers: { origin: ORIGIN },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { user: response.json<{ id: number; email: string; balance: number }>(), cookie: sessionCookie(response), password: payload.password };
}

// --- Calls, sessions and top-ups over HTTP ---

/** What most /api answers carry: the answer's fields, or an error's {code, message, details}. */
export type AnswerBody = Record<string, unknown> & { message?: string; code?: string; details?: Record<string, unknown> | null };
/** A purchase answer (airtime, data, electricity, cable): the record, in naira as the wire sends it. */
export interface PurchaseBody {
  status: "success" | "pending";
  message: string;
  warning: string | null;
  transaction: { id: number; amount: number; status: string; reference: string; type: string; metadata: Record<string, unknown> };
}

/** An answer's status and parsed JSON body. */
export interface Answer<T = AnswerBody> {
  status: number;
  body: T;
}

/** `api` with the answer read: its status and its JSON body as `T`. */
export async function call<T = AnswerBody>(c: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await api(c, method, path, body, headers);
  return { status: response.status, body: (await response.json()) as T };
}

/** A fetch response's JSON body as `T`. */
export const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

/** The `kolo_session` cookie a fetch response set, as a Cookie header value. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kolo_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`No session cookie in response ${response.status}`);
  return cookie;
}

/** POST /api/auth/login on `base` with `email` and `password` (and extra headers, e.g. a cookie); the raw response. */
export const signIn = (base: string, email: string, password = "secret123", headers: Record<string, string> = {}) =>
  fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...headers },
    body: JSON.stringify({ email, password }),
  });

/** Starts a card top-up of `naira` (POST /api/wallet/topup, with an Idempotency-Key when given); expects 200. */
export async function startTopUp(c: Client, naira: number, key?: string) {
  const response = await api(c, "POST", "/api/wallet/topup", { amount: naira }, key ? { "Idempotency-Key": key } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as { authorizationUrl: string; reference: string };
}

/** Clicks Pay (or Decline) on the Paystack sandbox's checkout page, as the customer's form post does; expects its 303 back to Kolo. */
export async function payCheckout(authorizationUrl: string, button: "pay" | "decline" = "pay") {
  const response = await fetch(`${authorizationUrl}/${button}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(response.status).toBe(303);
  return response;
}

/**
 * A top-up of `naira` started and paid at the sandbox checkout; answers its reference. Whether
 * Kolo hears of the payment depends on where the server's sandbox sends its webhooks.
 */
export async function topUp(c: Client, naira: number): Promise<string> {
  const started = await startTopUp(c, naira);
  await payCheckout(started.authorizationUrl);
  return started.reference;
}

/** Closes a server, cutting the connections a request left open (a stream, a download) so the close never waits on them. */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

// --- Per test file: a database and a server, made before the tests and closed after them ---

/** What both per-file harnesses offer on their test database `t` (read when called, inside tests). */
function databaseHelpers(t: TestDatabase) {
  return {
    /** Credits `naira` to `c` through the real top-up settlement (fundWallet). */
    fund: (c: { user: { id: number } }, naira: number) => fundWallet(t.db, c.user.id, naira),
    /** The transaction record of a reference. */
    recordOf: async (reference: string) => (await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, reference)))[0]!,
    /** The review items of a reference. */
    reviewsOf: (reference: string) => t.db.select().from(schema.reviewItems).where(eq(schema.reviewItems.reference, reference)),
    /** The hold of a reference. */
    holdOf: async (reference: string) => (await t.db.select().from(schema.holds).where(eq(schema.holds.reference, reference)))[0]!,
    /** Runs `work` with the feature switch `key` off, turning it back on afterwards. */
    withSwitchOff: async (key: FeatureKey, work: () => Promise<void>) => {
      await setFeatureSetting(t.db, key, false);
      try {
        await work();
      } finally {
        await setFeatureSetting(t.db, key, true);
      }
    },
  };
}

/** useTestServer's options: the server's (SandboxServerOptions), and what else the file wants made. */
export interface TestServerOptions extends SandboxServerOptions {
  /** Send the sandbox's webhooks to a capture (`capture`): the test forwards them when it wants (forwardWebhook). */
  capture?: boolean;
  /** Sign up an admin of this name (`admin`), enrolled in the second factor. */
  admin?: string;
}

/**
 * The calling file's test database and sandbox server (startSandboxServer), made in beforeAll and
 * closed in afterAll; `setup` may be a function of the database, run first (to prepare it or make
 * what the server's options need). Destructure at the top of the file and read inside tests:
 * `const { t, server, recordOf } = useTestServer({ capture: true })`. The file's own
 * beforeAll runs after this one, and its afterAll before this one closes everything.
 */
export function useTestServer(setup: TestServerOptions | ((t: TestDatabase) => TestServerOptions | Promise<TestServerOptions>) = {}) {
  const t = lateBound<TestDatabase>("The test database");
  const server = lateBound<SandboxServer>("The test server");
  const capture = lateBound<WebhookCapture>("The webhook capture (useTestServer({ capture: true }))");
  const admin = lateBound<Client>("The admin (useTestServer({ admin: name }))");
  const services = lateBound<Services>("The test server's services");
  const others: SandboxServer[] = [];
  beforeAll(async () => {
    t.set(await createTestDatabase());
    const options = typeof setup === "function" ? await setup(t.value) : setup;
    if (options.capture) capture.set(await startWebhookCapture());
    server.set(await startSandboxServer(t.value.db, { ...options, ...(options.capture && { webhookUrl: capture.value.url }) }));
    services.set(servicesOf(server.value, options.services?.jobs));
    if (options.admin) {
      admin.set(await signUp(server.value.base, options.admin));
      await promoteToAdmin(t.value.db, admin.value.user.id);
    }
  });
  afterAll(async () => {
    for (const other of others) await closeApp(other.app);
    if (server.isSet()) await closeApp(server.value.app);
    if (capture.isSet()) await capture.value.close();
    if (t.isSet()) await t.value.close();
  });

  return {
    ...databaseHelpers(t.value),
    t: t.value,
    server: server.value,
    capture: capture.value,
    admin: admin.value,
    /** Services like the server's (servicesOf), for calling the api's functions and jobs directly. */
    services: services.value,
    /** Another sandbox server on the same database, started after the first (call it at the top of the file). */
    secondServer: (options: SandboxServerOptions = {}): SandboxServer => {
      const second = lateBound<SandboxServer>("The second test server");
      beforeAll(async () => {
        second.set(await startSandboxServer(t.value.db, options));
        others.push(second.value);
      });
      return second.value;
    },
    /** A signed-up user of this server, with `naira` in the wallet (fundWallet). */
    user: async (name = "Test User", naira = 0): Promise<Client> => {
      const c = await signUp(server.value.base, name);
      if (naira > 0) await fundWallet(t.value.db, c.user.id, naira);
      return c;
    },
  };
}

/**
 * The calling file's test database and an app driven with inject() (buildTestApp), made in
 * beforeAll and closed in afterAll; `setup` may be a function of the database, run first.
 * `call(c, method, url, payload?, headers?)` injects a same-origin request with `c`'s session
 * (none for null), the payload as JSON.
 */
export function useTestApp(setup: TestAppOptions | ((t: TestDatabase) => TestAppOptions | Promise<TestAppOptions>) = {}) {
  const t = lateBound<TestDatabase>("The test database");
  const app = lateBound<FastifyInstance>("The test app");
  beforeAll(async () => {
    t.set(await createTestDatabase());
    app.set(await buildTestApp(t.value.db, typeof setup === "function" ? await setup(t.value) : setup));
  });
  afterAll(async () => {
    if (app.isSet()) await app.value.close();
    if (t.isSet()) await t.value.close();
  });
  const call = (c: { cookie: string } | null, method: InjectOptions["method"], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.value.inject({
      method,
      url,
      headers: { ...(c ? { cookie: c.cookie } : {}), origin: ORIGIN, ...(payload === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...databaseHelpers(t.value), t: t.value, app: app.value, call };
}
