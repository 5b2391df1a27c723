// The real server on a real port with every provider sandbox of the registry mounted; the real
// clients (PaystackClient) talk to it over HTTP. Used by the provider kit and banking tests.
import { randomBytes } from "node:crypto";
import { PaystackClient, type Services } from "@kolo/api";
import type { Database } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { expect } from "vitest";
import { buildApp } from "../src/app";

export interface SandboxServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  base: string;
  secretKey: string;
  paystack: PaystackClient;
  warnings: string[];
}

/** Starts the app with the Paystack sandbox; `webhookDelayMs` 0 sends queued webhooks at once. */
export async function startSandboxServer(db: Database, options: { webhookDelayMs?: number; services?: Partial<Services> } = {}): Promise<SandboxServer> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const secretKey = `sk_test_${randomBytes(8).toString("hex")}`;
  const paystack = new PaystackClient({ baseUrl: `${base}/sandbox/paystack`, secretKey });
  const warnings: string[] = [];
  const app = await buildApp({
    db,
    logLevel: "silent",
    services: { publicUrl: base, paymentGateway: paystack, log: { warn: (_details, message) => void warnings.push(message) }, ...options.services },
    sandboxes: { paystack: { secretKey, webhookUrl: `${base}/api/webhooks/paystack`, webhookDelayMs: options.webhookDelayMs ?? 0 } },
  });
  await app.listen({ port, host: "127.0.0.1" });
  return { app, base, secretKey, paystack, warnings };
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
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("kolo_session="))!.split(";")[0]!;
  return { base, cookie, user: (await response.json()) as Client["user"] };
}

/** A same-origin API call with the client's session. */
export const api = (c: Client, method: string, path: string, body?: unknown) =>
  fetch(`${c.base}${path}`, {
    method,
    headers: { cookie: c.cookie, origin: c.base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
