// The access-control matrix. Every tRPC procedure (appRouter._def.procedures) and every
// route the real server declares (Fastify's onRoute) has ONE entry below saying who may call it;
// each is called by six callers (anonymous, personal, merchant, admin, admin before its second factor, suspended) through the
// real server, and each must answer what its role allows and nothing else. A procedure or route
// without an entry fails the first test: add the entry when you add the route.
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appRouter } from "@kolo/api";
import { schema } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REST_ROUTES } from "../src/rest";
import { procedureAccess } from "../src/rest/table";
import { useTestServer } from "./helpers";

/**
 * Who may call it:
 * - public: everyone, signed in or not (sign-in, registration, readiness);
 * - signedIn: any active session (personal, merchant, admin); 401 for anonymous and suspended;
 * - admin: admins only; 403 for personal and merchant, 401 for anonymous and suspended;
 *   an admin session before its second factor (adminNoMfa) gets 403 MFA_REQUIRED here and on
 *   every signedIn entry;
 * - signingIn: what finishing a sign-in needs (auth.me, the second factor): any active session,
 *   an admin's before its second factor too;
 * - adminSigningIn: the second factor's enrolment: admin sessions, with or without the factor;
 * - sessionless: never reads the session (provider webhooks and sandboxes check their own
 *   signature or secret key): all six callers get the very same answer;
 * - trpc: the tRPC endpoint itself, whose procedures have their own entries.
 * Feature switches are a separate guard (each feature's own tests); here they are all on.
 */
type Access = "public" | "signedIn" | "signingIn" | "admin" | "adminSigningIn" | "sessionless" | "trpc";

/** Every tRPC procedure, by path. */
const PROCEDURES: Record<string, Access> = {
  "auth.register": "public",
  "auth.login": "public",
  "auth.logout": "public",
  "auth.logoutAll": "signedIn",
  "auth.forgotPassword": "public",
  "auth.resetPassword": "public",
  "auth.me": "signingIn",
  "auth.session": "public",
  "auth.mfa": "signingIn",
  "auth.mfaEnrol": "adminSigningIn",
  "features.list": "signedIn",
  "features.set": "admin",
  "wallet.topup": "signedIn",
  "wallet.verify": "signedIn",
  "transfers.p2p": "signedIn",
  "transfers.bank": "signedIn",
  "wallet.withdraw": "signedIn",
  "wallet.withdrawalStatus": "signedIn",
  "wallet.accountNumber": "signedIn",
  "auth.transactionPin": "signedIn",
  "auth.notifications": "signedIn",
  "auth.updateNotifications": "signedIn",
  "auth.limits": "signedIn",
  "auth.setLimits": "signedIn",
  "auth.cancelPendingLimit": "signedIn",
  "auth.updateProfile": "signedIn",
  "auth.changePassword": "signedIn",
  "auth.devices": "signedIn",
  "auth.removeDevice": "signedIn",
  "auth.sendDeviceCode": "signedIn",
  "auth.trustDevice": "signedIn",
  "auth.freeze": "signedIn",
  "auth.freezeWithPassword": "public",
  "auth.unfreeze": "signedIn",
  "beneficiaries.list": "signedIn",
  "receipts.get": "signedIn",
  "receipts.verify": "public",
  "statements.period": "signedIn",
  "beneficiaries.add": "signedIn",
  "beneficiaries.remove": "signedIn",
  "auth.setTransactionPin": "signedIn",
  "auth.changeTransactionPin": "signedIn",
  "auth.sendPinResetCode": "signedIn",
  "auth.resetTransactionPin": "signedIn",
  "users.recipient": "signedIn",
  "users.lookup": "signedIn",
  "transactions.list": "signedIn",
  "banks.list": "signedIn",
  "banks.resolve": "signedIn",
  "bankAccounts.list": "signedIn",
  "bankAccounts.add": "signedIn",
  "bankAccounts.remove": "signedIn",
  "verification.status": "signedIn",
  "verification.transactionLimit": "signedIn",
  "verification.bvn": "signedIn",
  "verification.bankAccount": "signedIn",
  "verification.resetAttempts": "signedIn",
  "merchants.create": "signedIn",
  "merchants.me": "signedIn",
  "merchants.byId": "signedIn",
  "merchants.transactions": "signedIn",
  "merchants.analytics": "signedIn",
  "merchants.customers": "signedIn",
  "merchants.withdraw": "signedIn",
  "merchants.refund": "signedIn",
  "merchants.settings": "signedIn",
  "merchants.updateSettings": "signedIn",
  "merchants.payout": "signedIn",
  "invoices.create": "signedIn",
  "invoices.byId": "signedIn",
  "invoices.byToken": "signedIn",
  "invoices.cancel": "signedIn",
  "payments.invoiceByToken": "signedIn",
  "invoices.list": "signedIn",
  "payments.merchant": "signedIn",
  "payments.invoice": "signedIn",
  "merchantLinks.create": "signedIn",
  "merchantLinks.list": "signedIn",
  "merchantLinks.update": "signedIn",
  // A payment link's page and card payments need no account; paying from a wallet checks the session inside.
  "links.bySlug": "public",
  "links.pay": "public",
  "links.verify": "public",
  "supportTickets.list": "signedIn",
  "supportTickets.mine": "signedIn",
  "supportTickets.create": "signedIn",
  "supportTickets.byId": "signedIn",
  "supportTickets.reply": "signedIn",
  "supportTickets.setStatus": "admin",
  "claims.report": "signedIn",
  "claims.mine": "signedIn",
  "claims.held": "signedIn",
  "claims.adminList": "admin",
  "claims.adminById": "admin",
  "claims.lien": "admin",
  "claims.refund": "admin",
  "claims.release": "admin",
  "admin.stats": "admin",
  "admin.volume": "admin",
  "admin.users.list": "admin",
  "admin.users.transactions": "admin",
  "admin.users.wallet": "admin",
  "admin.users.status": "admin",
  "admin.users.role": "admin",
  "admin.adjustments.list": "admin",
  "supportTickets.queue": "admin",
  "admin.adjustments.approve": "admin",
  "admin.adjustments.reject": "admin",
  "admin.adjustments.setThreshold": "admin",
  "admin.approvals.list": "admin",
  "admin.approvals.approve": "admin",
  "admin.approvals.reject": "admin",
  "admin.transactions.list": "admin",
  "admin.transactions.updateStatus": "admin",
  "admin.settings.list": "admin",
  "admin.settings.set": "admin",
  "admin.settings.update": "admin",
  "admin.fraudControls.get": "admin",
  "admin.fraudControls.update": "admin",
  "admin.audit.list": "admin",
  "admin.reviews.list": "admin",
  "admin.reviews.integrity": "admin",
  "admin.reviews.resolve": "admin",
  "admin.reconciliation.list": "admin",
  "admin.reconciliation.byId": "admin",
  "admin.reconciliation.run": "admin",
  "purchases.networks": "signedIn",
  "purchases.dataPlans": "signedIn",
  "purchases.verifyCustomer": "signedIn",
  "purchases.airtime": "signedIn",
  "purchases.data": "signedIn",
  "purchases.recentNumbers": "signedIn",
  "purchases.discos": "signedIn",
  "purchases.verifyMeter": "signedIn",
  "purchases.electricity": "signedIn",
  "cable.bouquets": "signedIn",
  "cable.verify": "signedIn",
  "cable.subscribe": "signedIn",
  "events.stream": "signedIn",
};

/** Every route of the server as `METHOD url` (HEAD twins of GET routes are covered by their GET). */
const ROUTES: Record<string, Access> = {
  "ALL /trpc/:path": "trpc",
  "GET /api/health": "public",
  // The OpenAPI document and its reference page (docs/rest-api.md).
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/docs/": "public",
  "GET /api/docs/js/scalar.js": "public",
  // The built web app's files (and index.html for the app's own paths).
  "GET /*": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password": "public",
  "GET /sandbox/mail": "sessionless",
  "GET /sandbox/mail/messages.json": "sessionless",
  "POST /api/auth/logout": "public",
  "POST /api/auth/logout-all": "signedIn",
  "GET /api/auth/me": "signingIn",
  "GET /api/auth/session": "public",
  "POST /api/auth/mfa": "signingIn",
  "POST /api/auth/mfa/enrol": "adminSigningIn",
  "GET /api/features": "signedIn",
  "POST /api/wallet/topup": "signedIn",
  "GET /api/wallet/verify/:reference": "signedIn",
  "POST /api/transfer/p2p": "signedIn",
  "POST /api/transfer/bank": "signedIn",
  "POST /api/wallet/withdraw": "signedIn",
  "GET /api/wallet/withdrawal-status/:reference": "signedIn",
  "GET /api/wallet/account-number": "signedIn",
  "GET /api/auth/transaction-pin": "signedIn",
  "GET /api/auth/notifications": "signedIn",
  "PATCH /api/auth/notifications": "signedIn",
  "GET /api/auth/limits": "signedIn",
  "PATCH /api/auth/limits": "signedIn",
  "DELETE /api/auth/limits/pending": "signedIn",
  "PATCH /api/auth/profile": "signedIn",
  "POST /api/auth/password": "signedIn",
  "GET /api/auth/devices": "signedIn",
  "DELETE /api/auth/devices/:id": "signedIn",
  "POST /api/auth/devices/current/code": "signedIn",
  "POST /api/auth/devices/current/trust": "signedIn",
  "POST /api/auth/freeze": "signedIn",
  "POST /api/auth/freeze/password": "public",
  "POST /api/auth/unfreeze": "signedIn",
  "GET /api/beneficiaries": "signedIn",
  "GET /api/receipts/:reference": "signedIn",
  "GET /api/receipts/:reference.pdf": "signedIn",
  "GET /api/receipts/:reference.png": "signedIn",
  "GET /api/statements": "signedIn",
  "GET /api/receipts/verify/:code": "public",
  "POST /api/beneficiaries": "signedIn",
  "DELETE /api/beneficiaries/:id": "signedIn",
  "POST /api/auth/transaction-pin": "signedIn",
  "PATCH /api/auth/transaction-pin": "signedIn",
  "POST /api/auth/transaction-pin/reset-code": "signedIn",
  "POST /api/auth/transaction-pin/reset": "signedIn",
  "GET /api/users/lookup": "signedIn",
  "GET /api/users/:id": "signedIn",
  "GET /api/transactions": "signedIn",
  "GET /api/banks": "signedIn",
  "GET /api/banks/resolve": "signedIn",
  "GET /api/verification/status": "signedIn",
  "GET /api/verification/transaction-limit": "signedIn",
  "POST /api/verification/bvn": "signedIn",
  "POST /api/verification/bank-account/:bankAccountId": "signedIn",
  "POST /api/verification/reset-attempts": "signedIn",
  "GET /api/bank-accounts": "signedIn",
  "POST /api/bank-accounts": "signedIn",
  "DELETE /api/bank-accounts/:id": "signedIn",
  "POST /api/merchants": "signedIn",
  "GET /api/merchants/me": "signedIn",
  "GET /api/merchants/me/analytics": "signedIn",
  "GET /api/merchants/me/customers": "signedIn",
  "POST /api/merchants/withdraw": "signedIn",
  "POST /api/merchants/me/payments/:reference/refunds": "signedIn",
  "GET /api/merchants/me/settings": "signedIn",
  "PATCH /api/merchants/me/settings": "signedIn",
  "POST /api/merchants/me/payouts": "signedIn",
  "GET /api/merchants/:id": "signedIn",
  "GET /api/transactions/merchant": "signedIn",
  "POST /api/invoices": "signedIn",
  "GET /api/invoices": "signedIn",
  "GET /api/invoices/:id": "signedIn",
  "GET /api/invoices/by-token/:token": "signedIn",
  "POST /api/invoices/:id/cancel": "signedIn",
  "POST /api/payments/invoice/by-token/:token": "signedIn",
  "POST /api/payments/merchant": "signedIn",
  "POST /api/payments/invoice/:invoiceId": "signedIn",
  "POST /api/merchants/me/links": "signedIn",
  "GET /api/merchants/me/links": "signedIn",
  "PATCH /api/merchants/me/links/:id": "signedIn",
  "GET /api/links/:slug": "public",
  "POST /api/links/:slug/pay": "public",
  "GET /api/links/:slug/payments/:reference": "public",
  "GET /api/support-tickets": "signedIn",
  "GET /api/support-tickets/me": "signedIn",
  "POST /api/support-tickets": "signedIn",
  "GET /api/support-tickets/:id": "signedIn",
  "POST /api/support-tickets/:id/replies": "signedIn",
  "PATCH /api/support-tickets/:id/status": "admin",
  "POST /api/transactions/:reference/claims": "signedIn",
  "GET /api/claims": "signedIn",
  "GET /api/claims/held": "signedIn",
  "GET /api/admin/claims": "admin",
  "GET /api/admin/claims/:id": "admin",
  "POST /api/admin/claims/:id/lien": "admin",
  "POST /api/admin/claims/:id/refund": "admin",
  "POST /api/admin/claims/:id/release": "admin",
  "GET /api/network-providers": "signedIn",
  "GET /api/data-plans/:networkId": "signedIn",
  "POST /api/verify-customer": "signedIn",
  "GET /api/purchases/recent-numbers": "signedIn",
  "POST /api/airtime": "signedIn",
  "POST /api/data": "signedIn",
  "GET /api/electricity/discos": "signedIn",
  "POST /api/electricity/verify-meter": "signedIn",
  "POST /api/electricity": "signedIn",
  "GET /api/cable/:provider/bouquets": "signedIn",
  "POST /api/cable/verify": "signedIn",
  "POST /api/cable": "signedIn",
  "GET /api/events": "signedIn",
  "PATCH /api/admin/settings/:key": "admin",
  "GET /api/admin/settings/fraud": "admin",
  "PATCH /api/admin/settings/fraud": "admin",
  "GET /api/admin/stats": "admin",
  "GET /api/admin/stats/volume": "admin",
  "GET /api/admin/users": "admin",
  "GET /api/admin/users/:userId/transactions": "admin",
  "POST /api/admin/users/:userId/wallet": "admin",
  "POST /api/admin/users/:userId/status": "admin",
  "PATCH /api/admin/users/:userId/role": "admin",
  "GET /api/admin/adjustments": "admin",
  "GET /api/admin/support-tickets": "admin",
  "POST /api/admin/adjustments/:id/approve": "admin",
  "POST /api/admin/adjustments/:id/reject": "admin",
  "GET /api/admin/approvals": "admin",
  "POST /api/admin/approvals/:id/approve": "admin",
  "POST /api/admin/approvals/:id/reject": "admin",
  "GET /api/admin/transactions": "admin",
  "POST /api/admin/transactions/update-status": "admin",
  "GET /api/admin/settings": "admin",
  "GET /api/admin/audit": "admin",
  "GET /api/admin/reviews": "admin",
  "POST /api/admin/reviews/:id/resolve": "admin",
  "GET /api/admin/reconciliation/runs": "admin",
  "GET /api/admin/reconciliation/runs/:id": "admin",
  "POST /api/admin/reconciliation/runs": "admin",
  "POST /api/webhooks/paystack": "sessionless",
  "POST /sandbox/paystack/transaction/initialize": "sessionless",
  "GET /sandbox/paystack/transaction": "sessionless",
  "GET /sandbox/paystack/transaction/verify/:reference": "sessionless",
  "GET /sandbox/paystack/checkout.css": "sessionless",
  "GET /sandbox/paystack/checkout/:accessCode": "sessionless",
  "POST /sandbox/paystack/checkout/:accessCode/pay": "sessionless",
  "POST /sandbox/paystack/checkout/:accessCode/decline": "sessionless",
  "GET /sandbox/paystack/bank": "sessionless",
  "GET /sandbox/paystack/bank/resolve": "sessionless",
  "GET /sandbox/paystack/bank/resolve_bvn/:bvn": "sessionless",
  "POST /sandbox/paystack/transferrecipient": "sessionless",
  "POST /sandbox/paystack/transfer": "sessionless",
  "POST /sandbox/paystack/refund": "sessionless",
  "GET /sandbox/paystack/transfer": "sessionless",
  "GET /sandbox/paystack/transfer/verify/:reference": "sessionless",
  // Sandbox controls (docs/providers.md "Sandbox controls"): tests hold and release sandbox states.
  "POST /sandbox/paystack/transfers/:reference/settle": "sessionless",
  "POST /sandbox/paystack/customer": "sessionless",
  "POST /sandbox/paystack/dedicated_account": "sessionless",
  "GET /sandbox/paystack/transfer-in": "sessionless",
  "POST /sandbox/paystack/transfer-in": "sessionless",
  "GET /sandbox/vtpass/api/service-variations": "sessionless",
  "POST /sandbox/vtpass/api/merchant-verify": "sessionless",
  "POST /sandbox/vtpass/api/pay": "sessionless",
  "POST /sandbox/vtpass/api/requery": "sessionless",
  "POST /sandbox/vtpass/requests/:requestId/release": "sessionless",
};

const ROLES = ["anonymous", "personal", "merchant", "admin", "adminNoMfa", "suspended"] as const;
type Role = (typeof ROLES)[number];

/** What a caller got: refused as signed out (401), refused as not allowed (403), or let through. */
type Outcome = "unauthenticated" | "forbidden" | "mfaRequired" | "allowed";

const EXPECTED: Record<Exclude<Access, "sessionless" | "trpc">, Record<Role, Outcome>> = {
  public: { anonymous: "allowed", personal: "allowed", merchant: "allowed", admin: "allowed", adminNoMfa: "allowed", suspended: "allowed" },
  signedIn: {
    anonymous: "unauthenticated",
    personal: "allowed",
    merchant: "allowed",
    admin: "allowed",
    adminNoMfa: "mfaRequired",
    suspended: "unauthenticated",
  },
  signingIn: { anonymous: "unauthenticated", personal: "allowed", merchant: "allowed", admin: "allowed", adminNoMfa: "allowed", suspended: "unauthenticated" },
  admin: {
    anonymous: "unauthenticated",
    personal: "forbidden",
    merchant: "forbidden",
    admin: "allowed",
    adminNoMfa: "mfaRequired",
    suspended: "unauthenticated",
  },
  adminSigningIn: {
    anonymous: "unauthenticated",
    personal: "forbidden",
    merchant: "forbidden",
    admin: "allowed",
    adminNoMfa: "allowed",
    suspended: "unauthenticated",
  },
};

let webDir: string;
/** Every route the server declared, as `METHOD url` (several methods: `ALL`). */
const declaredRoutes = new Set<string>();
const userIds = {} as Record<Exclude<Role, "anonymous" | "adminNoMfa">, number>;

const { t, server } = useTestServer(async () => {
  // A built web app, so the static files' route is declared as in production.
  webDir = await mkdtemp(join(tmpdir(), "kolo-matrix-web-"));
  await writeFile(join(webDir, "index.html"), "<!doctype html><title>Kolo</title>");
  return {
    webDistDir: webDir,
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    onRoute: (route) => {
      // HEAD answers like GET (Fastify's exposeHeadRoutes twin, or declared together): GET covers it.
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.length === 1 && methods[0] === "HEAD") return;
      const rest = methods.filter((method) => method !== "HEAD");
      declaredRoutes.add(`${rest.length === 1 ? rest[0] : "ALL"} ${route.url}`);
    },
  };
});
beforeAll(async () => {
  for (const role of ["personal", "merchant", "admin", "suspended"] as const) {
    const email = `matrix-${role}-${randomBytes(3).toString("hex")}@example.com`;
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: server.base },
      payload: { name: `Matrix ${role}`, email, username: email, password: "secret123", phone: "" },
    });
    expect(response.statusCode).toBe(201);
    userIds[role] = response.json<{ id: number }>().id;
  }
  await promoteToAdmin(t.db, userIds.admin);
  const merchant = await server.app.inject({
    method: "POST",
    url: "/api/merchants",
    headers: { origin: server.base, cookie: await sessionCookie("merchant") },
    payload: { name: "Matrix Store", description: "", category: "Retail" },
  });
  expect(merchant.statusCode).toBe(201);
  await t.db.update(schema.users).set({ status: "suspended" }).where(eq(schema.users.id, userIds.suspended));
});
afterAll(() => rm(webDir, { recursive: true, force: true }));

/**
 * A fresh session of `role`'s user (a row like the one sign-in writes), so every call starts
 * with a live session whatever the previous call did (logout ends one). The suspended user's is
 * a session that was live when the account was suspended: the server must not honour it.
 */
async function sessionCookie(role: Role): Promise<string | undefined> {
  if (role === "anonymous") return undefined;
  const token = randomBytes(20).toString("hex");
  const id = createHash("sha256").update(token).digest("hex");
  // The admin's session has given the second factor; adminNoMfa is the same admin's session before it.
  const userId = userIds[role === "adminNoMfa" ? "admin" : role];
  // auth.freeze, judged as each role, freezes its caller: the calls after it start unfrozen.
  await t.db.update(schema.users).set({ frozenAt: null }).where(eq(schema.users.id, userId));
  await t.db.insert(schema.sessions).values({ id, userId, expiresAt: new Date(Date.now() + 86_400_000), mfaVerified: role === "admin" });
  return `kolo_session=${token}`;
}

/** The domain code of a REST error body ({code}) or of a tRPC error (error.json.data.domainCode). */
function domainCodeOf(response: LightMyRequestResponse): string | undefined {
  try {
    const body = response.json<{ code?: string; error?: { json?: { data?: { domainCode?: string } } } }>();
    return body.error?.json?.data?.domainCode ?? body.code;
  } catch {
    return undefined;
  }
}

/** Classifies an answer; a refusal must carry the refusal's code, and nothing else may be a 5xx fault. */
function outcomeOf(response: LightMyRequestResponse): Outcome | `unexpected ${number} ${string}` {
  const code = domainCodeOf(response);
  if (response.statusCode === 401) return code === "UNAUTHENTICATED" ? "unauthenticated" : `unexpected 401 ${code ?? ""}`;
  if (response.statusCode === 403) return code === "FORBIDDEN" ? "forbidden" : code === "MFA_REQUIRED" ? "mfaRequired" : `unexpected 403 ${code ?? ""}`;
  if (response.statusCode >= 500) return `unexpected ${response.statusCode} ${response.body.slice(0, 200)}`;
  // tRPC's own protocol errors (bad method, unparsable body) never reached the guards: not a verdict.
  if (code === "HTTP") return `unexpected ${response.statusCode} ${response.body.slice(0, 200)}`;
  return "allowed";
}

/**
 * Calls a procedure over HTTP as the browser does (queries GET, mutations POST with a superjson
 * body), with an empty object as input: the session guards run before the input is parsed, so a
 * refusal is about the caller, and an allowed caller gets the input's 400 at most.
 */
async function callProcedure(path: string, role: Role) {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!;
  const cookie = await sessionCookie(role);
  const headers = { origin: server.base, ...(cookie ? { cookie } : {}) };
  const input = JSON.stringify({ json: {} });
  if (procedure._def.type === "subscription") return openStream(`/trpc/${path}?input=${encodeURIComponent(input)}`, headers);
  return procedure._def.type === "query"
    ? server.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(input)}`, headers })
    : server.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { ...headers, "content-type": "application/json" }, payload: input });
}

/**
 * Opens a stream (a subscription, the event stream) over a real connection: an answer that starts a
 * text/event-stream is allowed (it is closed at once); any other answer is read whole.
 */
async function openStream(url: string, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  const controller = new AbortController();
  const response = await fetch(`${server.base}${url}`, { headers, signal: controller.signal });
  const answer = (statusCode: number, body: string) => ({ statusCode, body, json: () => JSON.parse(body) as unknown }) as unknown as LightMyRequestResponse;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return answer(response.status, await response.text());
  // A tRPC subscription refuses inside the stream, at once: `event: serialized-error` with the
  // error's JSON. A stream that says nothing else for half a second was allowed.
  const reader = response.body!.getReader();
  const timer = setTimeout(() => controller.abort(), 500);
  let text = "";
  try {
    while (!text.includes("event: serialized-error\ndata: ") || !text.slice(text.indexOf("event: serialized-error")).includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    // aborted: nothing but the stream
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  const error = /event: serialized-error\ndata: (.*)\n/.exec(text)?.[1];
  if (!error) return answer(response.status, "");
  const parsed = JSON.parse(error) as { json: { data: { httpStatus: number } } };
  return answer(parsed.json.data.httpStatus, JSON.stringify({ error: parsed }));
}

/** Calls a route with its parameters set to 1 and an empty JSON body (writes need none to be judged). */
async function callRoute(entry: string, role: Role) {
  const [method, url] = entry.split(" ") as [string, string];
  const cookie = await sessionCookie(role);
  const hasBody = method !== "GET" && method !== "DELETE";
  if (entry === "GET /api/events") return openStream(url, { origin: server.base, ...(cookie ? { cookie } : {}) });
  return server.app.inject({
    method: method as "GET",
    url: url.replace(/:[A-Za-z]+/g, "1"),
    headers: { origin: server.base, ...(cookie ? { cookie } : {}), ...(hasBody ? { "content-type": "application/json" } : {}) },
    ...(hasBody ? { payload: "{}" } : {}),
  });
}

describe("the access-control matrix", () => {
  it("has exactly one entry for every procedure and every route the server declares", () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    expect(
      procedures.filter((path) => !(path in PROCEDURES)),
      "procedures without an entry in PROCEDURES",
    ).toEqual([]);
    expect(
      Object.keys(PROCEDURES).filter((path) => !procedures.includes(path)),
      "entries for procedures that do not exist",
    ).toEqual([]);
    const routes = [...declaredRoutes].sort();
    expect(
      routes.filter((route) => !(route in ROUTES)),
      "routes without an entry in ROUTES",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((route) => !declaredRoutes.has(route)),
      "entries for routes that do not exist",
    ).toEqual([]);
  });

  it("agrees with the access each procedure declares (its builder's meta), which its REST route documents", () => {
    // signingIn and adminSigningIn are sessionProcedure's (`user`); the second factor's enrolment checks the role itself.
    const declaredAs: Record<Access, string | undefined> = {
      public: "public",
      signedIn: "user",
      signingIn: "user",
      adminSigningIn: "user",
      admin: "admin",
      sessionless: undefined,
      trpc: undefined,
    };
    const declared = procedureAccess();
    expect(Object.entries(PROCEDURES).filter(([path, access]) => declaredAs[access] !== declared[path])).toEqual([]);
    expect(REST_ROUTES.filter((route) => declaredAs[ROUTES[`${route.method} ${route.path}`] ?? "trpc"] !== route.access).map((r) => r.path)).toEqual([]);
  });

  it.each(Object.entries(PROCEDURES))("procedure %s (%s)", async (path, access) => {
    if (access === "sessionless" || access === "trpc") throw new Error(`${access} is for routes, not procedures`);
    const got: Partial<Record<Role, string>> = {};
    for (const role of ROLES) got[role] = outcomeOf(await callProcedure(path, role));
    expect(got).toEqual(EXPECTED[access]);
  });

  it.each(Object.entries(ROUTES).filter(([, access]) => access !== "trpc"))("route %s (%s)", async (entry, access) => {
    const got: Partial<Record<Role, string>> = {};
    const statuses: Partial<Record<Role, number>> = {};
    for (const role of ROLES) {
      const response = await callRoute(entry, role);
      got[role] = outcomeOf(response);
      statuses[role] = response.statusCode;
    }
    if (access === "sessionless") {
      // No caller's session changes the answer.
      expect(new Set(Object.values(statuses)).size, `statuses ${JSON.stringify(statuses)}`).toBe(1);
      expect(
        Object.values(got).every((outcome) => !outcome.startsWith("unexpected 5")),
        JSON.stringify(got),
      ).toBe(true);
    } else if (access !== "trpc") {
      expect(got).toEqual(EXPECTED[access]);
    }
  });

  it("the suspended user's session was refused and removed, not merely ignored", async () => {
    const cookie = (await sessionCookie("suspended"))!;
    const response = await server.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(response.statusCode).toBe(401);
    const token = cookie.split("=")[1]!;
    const id = createHash("sha256").update(token).digest("hex");
    expect(await t.db.$count(schema.sessions, eq(schema.sessions.id, id))).toBe(0);
  });
});
