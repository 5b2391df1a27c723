// Attacks on sign-in and requests, replayed through the real server (Fastify inject, real
// PostgreSQL): the sign-in lock under concurrency, the auth rate limit, internal errors, control
// characters, security headers, the payment sandbox in production, the origin check behind a
// proxy, Fastify's own errors, phone numbers and usernames.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { paystackSignature } from "@kolo/providers";
import { schema } from "@kolo/db";
import { createTestDatabase } from "@kolo/db/testing";
import { CONTROL_CHARACTERS_MESSAGE, PHONE_MESSAGE } from "@kolo/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { ORIGIN, buildTestApp, registerOverHttp, useTestApp } from "./helpers";

const { t, app } = useTestApp();

const json = { origin: ORIGIN, "content-type": "application/json" };

/** One tRPC mutation over HTTP (superjson envelope), as the web client sends it. */
const trpcMutation = (target: FastifyInstance, path: string, input: unknown, headers: Record<string, string> = {}) =>
  target.inject({ method: "POST", url: `/trpc/${path}`, headers: { ...json, ...headers }, payload: { json: input } });

const restLogin = (target: FastifyInstance, payload: object, headers: Record<string, string> = {}) =>
  target.inject({ method: "POST", url: "/api/auth/login", headers: { ...json, ...headers }, payload });

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const count = (values: number[], value: number) => values.filter((v) => v === value).length;
const hasSession = (response: LightMyRequestResponse) => response.cookies.some((c) => c.name === "kolo_session" && c.value);

async function userRow(id: number) {
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

/** A throwaway app with its own rate limit (and proxy trust), closed after `use`. */
async function withApp<T>(options: Parameters<typeof buildTestApp>[1], use: (target: FastifyInstance) => Promise<T>): Promise<T> {
  const target = await buildTestApp(t.db, options);
  try {
    return await use(target);
  } finally {
    await target.close();
  }
}

describe("the 5-failure lock holds whatever the concurrency", () => {
  it("30 parallel tRPC logins (29 wrong, the right one last): 5 passwords evaluated, the rest and the right one refused", async () => {
    const { user, password } = await registerOverHttp(app);
    const attempts = Array.from({ length: 30 }, (_, i) => (i === 29 ? password : `wrong-guess-${i}`));
    const responses = await Promise.all(attempts.map((guess) => trpcMutation(app, "auth.login", { email: user.email, password: guess })));
    const codes = statuses(responses);
    // 5 evaluated and wrong; the others refused unevaluated: 403 once locked, 429 while the 5 were in flight.
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 403) + count(codes, 429)).toBe(25);
    expect(responses.some(hasSession)).toBe(false);
    expect([403, 429]).toContain(codes[29]);
    expect(await userRow(user.id)).toMatchObject({ status: "locked", failedLoginCount: 5 });
    expect((await restLogin(app, { email: user.email, password })).statusCode).toBe(403);
  });

  it("20 parallel REST logins (19 wrong, the right one last): 5 evaluated, no session", async () => {
    const { user, password } = await registerOverHttp(app);
    const attempts = Array.from({ length: 20 }, (_, i) => (i === 19 ? password : `wrong-guess-${i}`));
    const responses = await Promise.all(attempts.map((guess) => restLogin(app, { email: user.email, password: guess })));
    const codes = statuses(responses);
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 403) + count(codes, 429)).toBe(15);
    expect(responses.some(hasSession)).toBe(false);
    expect(await userRow(user.id)).toMatchObject({ status: "locked" });
  });

  it("parallel right passwords: never refused as wrong or locked, and the count ends at 0", async () => {
    const { user, password } = await registerOverHttp(app);
    const responses = await Promise.all(Array.from({ length: 8 }, () => restLogin(app, { email: user.email, password })));
    const codes = statuses(responses);
    expect(count(codes, 200)).toBeGreaterThanOrEqual(5);
    expect(count(codes, 200) + count(codes, 429)).toBe(8);
    expect(await userRow(user.id)).toMatchObject({ status: "active", failedLoginCount: 0 });
  });

  it("after 4 failures, of two parallel wrong guesses only one is evaluated; it locks; then 403 whatever the password", async () => {
    const { user, password } = await registerOverHttp(app);
    for (let i = 0; i < 4; i++) expect((await restLogin(app, { email: user.email, password: "wrong-one" })).statusCode).toBe(401);
    const fifth = await Promise.all([
      restLogin(app, { email: user.email, password: "wrong-two" }),
      restLogin(app, { email: user.email, password: "wrong-three" }),
    ]);
    const codes = statuses(fifth);
    expect(count(codes, 401)).toBe(1);
    expect(count(codes, 403) + count(codes, 429)).toBe(1);
    expect(await userRow(user.id)).toMatchObject({ status: "locked", failedLoginCount: 5 });
    expect((await restLogin(app, { email: user.email, password })).json()).toMatchObject({ code: "ACCOUNT_LOCKED", message: "Account locked" });
  });
});

describe("the auth rate limit cannot be bypassed", () => {
  const ghost = { email: "ghost@example.com", password: "nope-nope" };

  it("ignores a spoofed X-Forwarded-For when no proxy is configured", async () => {
    const codes = await withApp({ rateLimitMax: 3 }, async (limited) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) out.push((await restLogin(limited, ghost, { "x-forwarded-for": `198.51.100.${i}` })).statusCode);
      return out;
    });
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it("believes X-Forwarded-For only from a configured proxy (TRUST_PROXY)", async () => {
    await withApp({ rateLimitMax: 2, trustProxy: "127.0.0.1" }, async (limited) => {
      // Through the proxy: each forwarded client has its own allowance.
      for (let i = 0; i < 4; i++) {
        const response = await restLogin(limited, ghost, { "x-forwarded-for": `198.51.100.${i}` });
        expect(response.statusCode).toBe(401);
      }
      // Straight from another peer: its forwarded header is ignored; the peer is the client.
      const direct: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { ...json, "x-forwarded-for": `203.0.113.${i}` },
          payload: ghost,
          remoteAddress: "192.0.2.7",
        });
        direct.push(response.statusCode);
      }
      expect(direct).toEqual([401, 401, 429]);
    });
  });

  it("counts percent-encoded auth paths like the plain ones", async () => {
    const codes = await withApp({ rateLimitMax: 3 }, async (limited) => {
      const out: number[] = [];
      out.push((await limited.inject({ method: "POST", url: "/trpc/auth%2Elogin", headers: json, payload: { json: ghost } })).statusCode);
      out.push((await limited.inject({ method: "POST", url: "/api/auth/%6cogin", headers: json, payload: ghost })).statusCode);
      out.push((await limited.inject({ method: "POST", url: "/api/auth/%6Cogin", headers: json, payload: ghost })).statusCode);
      out.push((await limited.inject({ method: "POST", url: "/trpc/auth%2elogin", headers: json, payload: { json: ghost } })).statusCode);
      out.push((await limited.inject({ method: "POST", url: "/api/%61uth/register", headers: json, payload: {} })).statusCode);
      return out;
    });
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it("refuses tRPC batches that carry login or register calls; a batch of one (the web client's) works", async () => {
    const batch = (paths: string[], inputs: unknown[]) =>
      app.inject({
        method: "POST",
        url: `/trpc/${paths.join(",")}?batch=1`,
        headers: json,
        payload: Object.fromEntries(inputs.map((input, i) => [String(i), { json: input }])),
      });
    const logins = await batch(Array(100).fill("auth.login"), Array(100).fill(ghost));
    expect(logins.statusCode).toBe(400);
    expect(logins.json()).toEqual({ code: "VALIDATION", message: "Sign-in, registration and receipt-check calls cannot be batched", details: null });

    const before = await t.db.$count(schema.users);
    const registrations = Array.from({ length: 25 }, (_, i) => ({ name: `Batch ${i}`, email: `batch-${i}@example.com`, password: "secret123" }));
    const registered = await batch(Array(25).fill("auth.register"), registrations);
    expect(registered.statusCode).toBe(400);
    expect(await t.db.$count(schema.users)).toBe(before);

    const mixed = await batch(["auth.me", "auth%2Elogin"], [undefined, ghost]);
    expect(mixed.statusCode).toBe(400);

    const { user, password } = await registerOverHttp(app);
    const single = await batch(["auth.login"], [{ email: user.email, password }]);
    expect(single.statusCode).toBe(200);
    expect(hasSession(single)).toBe(true);
  });
});

describe("internal errors never reach the client", () => {
  it("a database failure in auth.register answers only 'Internal server error' on tRPC and REST", async () => {
    // A real database error that no input check can prevent: this file's second database lost a column.
    const broken = await createTestDatabase({ max: 2 });
    const brokenApp = await buildTestApp(broken.db);
    try {
      await broken.client.unsafe("alter table users rename column phone to phone_gone");
      const input = { name: "Leak Test", email: "leak@example.com", password: "secret123", phone: "08012345678" };
      const viaTrpc = await trpcMutation(brokenApp, "auth.register", input);
      expect(viaTrpc.statusCode).toBe(500);
      const error = viaTrpc.json().error.json;
      expect(error.message).toBe("Internal server error");
      expect(error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", domainCode: "INTERNAL", details: null });

      const viaRest = await brokenApp.inject({ method: "POST", url: "/api/auth/register", headers: json, payload: input });
      expect(viaRest.statusCode).toBe(500);
      expect(viaRest.json()).toEqual({ code: "INTERNAL", message: "Internal server error", details: null });

      for (const body of [viaTrpc.body, viaRest.body]) expect(body).not.toMatch(/insert|phone|argon2|params|users|sql|query/i);
    } finally {
      await brokenApp.close();
      await broken.close();
    }
  });
});

describe("control characters answer 400 with a field error, never 500", () => {
  const NUL = "\u0000";

  it("in every registration field", async () => {
    const valid = { name: "Nul Tester", email: "nul@example.com", password: "secret123", phone: "08012345678", username: "nul@example.com" };
    for (const field of ["name", "phone", "password", "username"] as const) {
      const payload = { ...valid, [field]: `${valid[field].slice(0, 4)}${NUL}${valid[field].slice(4)}` };
      const response = await app.inject({ method: "POST", url: "/api/auth/register", headers: json, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details[field], field).toContain(CONTROL_CHARACTERS_MESSAGE);
      const viaTrpc = await trpcMutation(app, "auth.register", payload);
      expect(viaTrpc.statusCode, field).toBe(400);
    }
    const tab = await app.inject({ method: "POST", url: "/api/auth/register", headers: json, payload: { ...valid, name: "Nul\u001bTester" } });
    expect(tab.statusCode).toBe(400);
    const email = await app.inject({ method: "POST", url: "/api/auth/register", headers: json, payload: { ...valid, email: `nul${NUL}@example.com` } });
    expect(email.statusCode).toBe(400);
    expect(email.json().details.email).toBeDefined();
  });

  it("in login, the verify reference, the idempotency key and a transfer's recipient", async () => {
    const { cookie } = await registerOverHttp(app);
    const login = await restLogin(app, { email: "someone@example.com", password: `secret${NUL}123` });
    expect(login.statusCode).toBe(400);
    expect(login.json().details.password).toContain(CONTROL_CHARACTERS_MESSAGE);

    const verify = await app.inject({ method: "GET", url: "/api/wallet/verify/KOLO-%00-REF", headers: { cookie } });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().details.reference).toContain(CONTROL_CHARACTERS_MESSAGE);
    const verifyTrpc = await trpcMutation(app, "wallet.verify", { reference: `KOLO${NUL}REF` }, { cookie });
    expect(verifyTrpc.statusCode).toBe(400);

    const transfer = { recipientEmail: "someone@example.com", amount: 100 };
    const keyed = await trpcMutation(app, "transfers.p2p", { ...transfer, idempotencyKey: `key-${NUL}-12345678` }, { cookie });
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().error.json.data.details.idempotencyKey).toContain(CONTROL_CHARACTERS_MESSAGE);
    const header = await app.inject({
      method: "POST",
      url: "/api/transfer/p2p",
      headers: { ...json, cookie, "idempotency-key": `key-\u0001-12345678` },
      payload: transfer,
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().details.idempotencyKey).toContain(CONTROL_CHARACTERS_MESSAGE);
    const recipient = await app.inject({
      method: "POST",
      url: "/api/transfer/p2p",
      headers: { ...json, cookie },
      payload: { ...transfer, recipientEmail: `a${NUL}@example.com` },
    });
    expect(recipient.statusCode).toBe(400);
  });

  it("in a signed webhook's reference", async () => {
    const body = JSON.stringify({
      event: "charge.success",
      data: { reference: `KOLO${NUL}REF`, status: "success", amount: 10000, currency: "NGN", paid_at: null, channel: "card", gateway_response: "Successful" },
    });
    const response = await app.inject({
      method: "POST",
      url: "/api/webhooks/paystack",
      headers: { "content-type": "application/json", "x-paystack-signature": paystackSignature(body, "sk_unused") },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION", message: "Malformed charge data", details: { reference: [CONTROL_CHARACTERS_MESSAGE] } });
  });
});

describe("security headers and no caching of API answers", () => {
  it("every answer carries CSP, nosniff, frame-ancestors and Referrer-Policy; HSTS only over https", async () => {
    for (const url of ["/api/health", "/api/nowhere", "/trpc/auth.me"]) {
      const response = await app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("upgrade-insecure-requests");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("same-origin");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
    await withApp({ trustProxy: "127.0.0.1" }, async (proxied) => {
      const https = await proxied.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    });
    // A peer that is not a configured proxy cannot claim https.
    const spoofed = await app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("signed-in answers are Cache-Control: no-store on REST and tRPC", async () => {
    const { cookie } = await registerOverHttp(app);
    for (const url of ["/api/auth/me", "/api/transactions", "/trpc/auth.me", "/trpc/wallet.verify"]) {
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const login = await restLogin(app, { email: "ghost@example.com", password: "nope-nope" });
    expect(login.headers["cache-control"]).toBe("no-store");
  });
});

describe("production refuses the payment sandbox unless KOLO_SANDBOX=1", () => {
  const BVN_KEY = "k".repeat(32);
  const serverDir = fileURLToPath(new URL("../", import.meta.url));

  it("the environment check", () => {
    const refused = parseEnv({ NODE_ENV: "production" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["PAYSTACK_SECRET_KEY"] });
    expect(parseEnv({ NODE_ENV: "production", KOLO_SANDBOX: "1", BVN_HASH_KEY: BVN_KEY }).success).toBe(true);
    const vtpass = { VTPASS_API_KEY: "api_x", VTPASS_PUBLIC_KEY: "PK_x", VTPASS_SECRET_KEY: "SK_x" };
    // Live production also mails over SMTP (password-reset links).
    const smtp = { SMTP_URL: "smtps://user:pass@mail.example.com:465" };
    expect(parseEnv({ NODE_ENV: "production", PAYSTACK_SECRET_KEY: "sk_live_x", BVN_HASH_KEY: BVN_KEY, ...vtpass, ...smtp }).success).toBe(true);
    // VTpass too: its keys, all three, or KOLO_SANDBOX=1
    expect(parseEnv({ NODE_ENV: "production", PAYSTACK_SECRET_KEY: "sk_live_x", BVN_HASH_KEY: BVN_KEY, ...smtp }).error?.issues).toEqual([
      expect.objectContaining({ path: ["VTPASS_SECRET_KEY"] }),
    ]);
    expect(parseEnv({ VTPASS_API_KEY: "api_x" }).error?.issues).toEqual([expect.objectContaining({ path: ["VTPASS_SECRET_KEY"] })]);
    // production also needs the key of the stored BVN hashes (docs/decisions.md)
    expect(parseEnv({ NODE_ENV: "production", KOLO_SANDBOX: "1" }).error?.issues).toEqual([expect.objectContaining({ path: ["BVN_HASH_KEY"] })]);
    expect(parseEnv({ BVN_HASH_KEY: "too-short" }).error?.issues).toEqual([expect.objectContaining({ path: ["BVN_HASH_KEY"] })]);
    expect(parseEnv({}).success).toBe(true);
  });

  it("the server exits at start-up, before touching a database", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATABASE_URL: "postgres://nobody@127.0.0.1:9/none", PORT: "0" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("NODE_ENV=production needs PAYSTACK_SECRET_KEY");
  });

  it("with KOLO_SANDBOX=1 it starts and the log shouts about it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        KOLO_SANDBOX: "1",
        BVN_HASH_KEY: BVN_KEY,
        DATABASE_URL: t.url,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
      },
    });
    let output = "";
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Kolo is running")) child.kill("SIGTERM");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    await exited;
    expect(output).toContain("Kolo is running");
    expect(output).toContain("KOLO_SANDBOX=1 in production");
    expect(output).toContain("BUILT-IN PAYSTACK SANDBOX");
  });
});

describe("the origin check believes X-Forwarded-Host only from a configured proxy", () => {
  const forged = { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

  it("refuses a foreign Origin dressed up with forwarded headers", async () => {
    const { user, password } = await registerOverHttp(app);
    const response = await restLogin(app, { email: user.email, password }, forged);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: "FORBIDDEN", message: "Cross-origin request refused", details: null });
    expect(hasSession(response)).toBe(false);
  });

  it("accepts the public host a configured proxy forwards, but not from other peers", async () => {
    const { user, password } = await registerOverHttp(app);
    await withApp({ trustProxy: "127.0.0.1" }, async (proxied) => {
      const proxiedHeaders = { origin: "https://kolo.example", "x-forwarded-host": "kolo.example", "x-forwarded-proto": "https" };
      expect((await restLogin(proxied, { email: user.email, password }, proxiedHeaders)).statusCode).toBe(200);
      const direct = await proxied.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { ...json, ...proxiedHeaders },
        payload: { email: user.email, password },
        remoteAddress: "192.0.2.7",
      });
      expect(direct.statusCode).toBe(403);
    });
  });
});

describe("Fastify's own errors answer {message, details, code}", () => {
  const keysOf = (response: LightMyRequestResponse) => Object.keys(response.json()).sort();

  it("invalid JSON, 413, 415, bad URL encoding, 404 and 429", async () => {
    const invalidJson = await app.inject({ method: "POST", url: "/api/auth/login", headers: json, payload: '{"email":' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ code: "VALIDATION", message: "Request body is not valid JSON", details: null });

    const tooLarge = await app.inject({ method: "POST", url: "/api/auth/login", headers: json, payload: JSON.stringify({ email: "x".repeat(1_100_000) }) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: "HTTP", message: "Request body is too large", details: null });

    const mediaType = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: ORIGIN, "content-type": "application/xml" },
      payload: "<login/>",
    });
    expect(mediaType.statusCode).toBe(415);
    expect(mediaType.json()).toEqual({ code: "HTTP", message: "Unsupported content type", details: null });

    const badUrl = await app.inject({ method: "GET", url: "/api/wallet/verify/%E0%A4%A" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ code: "VALIDATION", message: "Invalid URL", details: null });

    const notFound = await app.inject({ method: "GET", url: "/api/nowhere" });
    expect(notFound.statusCode).toBe(404);
    expect(keysOf(notFound)).toEqual(["code", "details", "message"]);

    await withApp({ rateLimitMax: 1 }, async (limited) => {
      await restLogin(limited, { email: "ghost@example.com", password: "nope-nope" });
      const tooMany = await restLogin(limited, { email: "ghost@example.com", password: "nope-nope" });
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json()).toEqual({
        code: "RATE_LIMITED",
        message: "Too many attempts. Please wait a minute and try again.",
        details: { retryAfter: expect.any(String) },
      });
      expect(tooMany.headers["retry-after"]).toBeDefined();
    });
  });
});

describe("phone and username", () => {
  const register = (payload: object) =>
    app.inject({ method: "POST", url: "/api/auth/register", headers: json, payload: { name: "Phone Tester", password: "secret123", ...payload } });

  it("accepts a Nigerian number in its three prefixes and stores it as 0 + 10 digits", async () => {
    for (const [i, phone] of ["+234 803 123 4567", "2348031234567", "0803-123-4567"].entries()) {
      const response = await register({ email: `phone-${i}@example.com`, phone });
      expect(response.statusCode, phone).toBe(201);
      expect(response.json().phone, phone).toBe("08031234567");
    }
    const none = await register({ email: "phone-none@example.com", phone: "" });
    expect(none.statusCode).toBe(201);
    expect(none.json().phone).toBeNull();
  });

  it("refuses anything else with 'Phone number must be a valid Nigerian number'", async () => {
    for (const phone of ["12345", "+1 202 555 0100", "080312345678", "+23408031234567", "abcdefghijklmnopqrst"]) {
      const response = await register({ email: "phone-bad@example.com", phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().details, phone).toEqual({ phone: [PHONE_MESSAGE] });
    }
  });

  it("limits the username's length", async () => {
    const response = await register({ email: "long-user@example.com", username: `${"u".repeat(300)}@example.com` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details)).toEqual(["username"]);
  });
});
