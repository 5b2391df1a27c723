// HTTP test helpers: the real Fastify app on a fresh test database, driven with inject().
import { type Services, recordingScheduler } from "@kolo/api";
import { PaystackClient, VtpassClient } from "@kolo/providers";
import type { Database } from "@kolo/db";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sandboxMailer } from "@kolo/sandboxes";
import { buildApp } from "../src/app";

export const ORIGIN = "http://localhost:3000";

export async function buildTestApp(
  db: Database,
  options: {
    rateLimitMax?: number;
    services?: Partial<Services>;
    trustProxy?: string;
    webDistDir?: string;
    timeouts?: { requestMs: number; healthMs: number };
  } = {},
) {
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
