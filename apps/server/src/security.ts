// HTTP hardening that is plumbing, not business rules (docs/decisions.md): security
// headers and caching, the same-origin check for state-changing requests (docs/decisions.md "Accounts and
// sign-in"), the auth rate limit, and the one error body every failure answers with. app.ts calls
// these; change a policy here (and its line in docs/decisions.md).
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { INTERNAL_ERROR_MESSAGE, type PublicError } from "@kolo/api";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths called by other parties on purpose: provider webhooks and the provider sandbox. */
const CROSS_ORIGIN_ALLOWED = [/^\/api\/webhooks\//, /^\/sandbox\//];

/** The request path without its query string. */
const pathOf = (req: FastifyRequest) => req.url.split("?")[0] ?? "";

// ---------------------------------------------------------------------------------------------
// Error bodies
// ---------------------------------------------------------------------------------------------

/** An error whose status and public body are decided where it is thrown (e.g. the 429 below). */
export class PublicHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: PublicError,
  ) {
    super(body.message);
    this.name = "PublicHttpError";
  }
}

const INTERNAL: PublicError = { code: "INTERNAL", message: INTERNAL_ERROR_MESSAGE, details: null };

const CLIENT_ERROR_TEXTS: Record<number, string> = {
  404: "Not found",
  405: "Method not allowed",
  413: "Request body is too large",
  415: "Unsupported content type",
  429: "Too many requests",
};

/** Fixed texts for Fastify's own client errors: its messages can echo the request back. */
function fastifyClientError(error: FastifyError, status: number): PublicError {
  const code = status === 400 ? "VALIDATION" : status === 429 ? "RATE_LIMITED" : "HTTP";
  let message = CLIENT_ERROR_TEXTS[status] ?? "Bad request";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") message = "Request body is empty";
  else if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) message = "Request body is not valid JSON";
  return { code, message, details: null };
}

/** Status and public body for anything thrown outside the tRPC/REST adapters (Fastify, plugins, webhooks). */
function publicHttpError(error: unknown): { status: number; body: PublicError } {
  if (error instanceof PublicHttpError) return { status: error.statusCode, body: error.body };
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return { status, body: fastifyClientError(error as FastifyError, status) };
  }
  return { status: 500, body: INTERNAL };
}

/**
 * Every error answers `{message, details, code}` like publicError: Fastify's own
 * errors (invalid JSON 400, 413, 415, 429, bad URL encoding) included; 500s say only 'Internal
 * server error' and log the cause. Call first in buildApp, so every plugin scope inherits it.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const { status, body } = publicHttpError(error);
    if (status >= 500) req.log.error({ err: error }, "Request failed");
    return reply.code(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors` option (errors raised before routing: bad URL encoding, too long a
 * parameter): the same body as every other error. These skip the onRequest hooks, so the
 * headers that matter for a JSON error are set here.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const body: PublicError =
    error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_MAX_PARAM_LENGTH" ? { code: "VALIDATION", message: "Invalid URL", details: null } : INTERNAL;
  if (body === INTERNAL) req.log.error({ err: error }, "Request failed");
  void reply
    .code(body === INTERNAL ? 500 : 400)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(body);
}

/** The not-found body (API paths; the web app answers its own routes with index.html). */
export const NOT_FOUND_BODY: PublicError = { code: "NOT_FOUND", message: "Not found", details: null };

// ---------------------------------------------------------------------------------------------
// Security headers and caching
// ---------------------------------------------------------------------------------------------

/**
 * The Content-Security-Policy of every response (the web app and the sandbox checkout page).
 * Tested in Chromium on every screen (apps/web/e2e/security.spec.ts); why each source is there:
 * docs/decisions.md "Security".
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    // Mantine injects <style> elements; style attributes it sets through the CSSOM, which CSP
    // does not govern. style-src is the fallback of browsers without the -elem/-attr directives.
    "style-src": ["'self'", "'unsafe-inline'"],
    "style-src-elem": ["'self'", "'unsafe-inline'"],
    "style-src-attr": ["'none'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
  };
  if (new URL(publicUrl).protocol === "https:") directives["upgrade-insecure-requests"] = [];
  return directives;
}

const API_PATHS = /^\/(api|trpc|sandbox)(\/|$)/;

/**
 * Security headers on every response (@fastify/helmet: CSP, X-Content-Type-Options, frame
 * ancestors, Referrer-Policy, ...; HSTS only when the request came over https), and
 * `Cache-Control: no-store` on every API answer (they are per-user; docs/decisions.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.publicUrl) },
    // helmet's default `no-referrer` makes Chromium send `Origin: null` on the app's own POSTs,
    // which the origin check must refuse; `same-origin` keeps referrers off other sites.
    referrerPolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    // Sent below, only over https: HSTS on a plain-http answer is meaningless.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", async (req, reply) => {
    if (req.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (API_PATHS.test(pathOf(req))) reply.header("cache-control", "no-store");
  });
}

// ---------------------------------------------------------------------------------------------
// Same-origin check
// ---------------------------------------------------------------------------------------------

/**
 * Refuses (403) a state-changing request whose Origin is not the app's own, or that the browser
 * labels cross-site (Sec-Fetch-Site). Requests with neither header (curl, servers) pass: they
 * carry no browser's cookies on their own. The request's own origin comes from the Host header,
 * or from X-Forwarded-Host/-Proto only when the peer is a configured proxy (Fastify trustProxy).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const configured = new URL(publicUrl).origin;
  const refuse = (reply: FastifyReply) =>
    reply.code(403).send({ code: "FORBIDDEN", message: "Cross-origin request refused", details: null } satisfies PublicError);
  app.addHook("onRequest", async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const path = pathOf(req);
    if (CROSS_ORIGIN_ALLOWED.some((re) => re.test(path))) return;
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.host}`;
    if (origin !== undefined && origin !== ownOrigin && origin !== configured) return refuse(reply);
    if (origin === undefined && req.headers["sec-fetch-site"] === "cross-site") return refuse(reply);
  });
}

// ---------------------------------------------------------------------------------------------
// Auth rate limit
// ---------------------------------------------------------------------------------------------

// Receipt checks share the limit: a public lookup by code must not be a guessing machine.
const REST_AUTH_ROUTES = new Set([
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/forgot-password",
  "/api/auth/reset-password",
  "/api/auth/freeze/password",
  "/api/receipts/verify/:code",
]);
const AUTH_PROCEDURES = new Set(["auth.login", "auth.register", "auth.forgotPassword", "auth.resetPassword", "auth.freezeWithPassword", "receipts.verify"]);
const TRPC_ROUTE = "/trpc/:path";

/**
 * The procedures a tRPC request calls, from the router's `:path` parameter: find-my-way has
 * already decoded it, so `auth%2Elogin` reads `auth.login`; a batch is `a.b,c.d`.
 */
function trpcProcedures(req: FastifyRequest): string[] {
  if (req.routeOptions.url !== TRPC_ROUTE) return [];
  const path = (req.params as { path?: unknown } | undefined)?.path;
  return typeof path === "string" ? path.split(",") : [];
}

/**
 * A login or register attempt, judged on the route the router matched (so percent-encoded
 * paths such as `/api/auth/%6cogin` count like the plain ones), whatever the method.
 */
function isAuthAttempt(req: FastifyRequest): boolean {
  return REST_AUTH_ROUTES.has(req.routeOptions.url ?? "") || trpcProcedures(req).some((p) => AUTH_PROCEDURES.has(p));
}

/**
 * At most `max` login/register attempts per client IP per `windowMs` (@fastify/rate-limit): 429
 * beyond. The IP is the socket's peer, or X-Forwarded-For only from a configured proxy. A tRPC
 * batch that contains a login or register call is refused (400): every attempt is one request,
 * so one request cannot carry 100 guesses or 25 sign-ups past the limit.
 */
export async function registerAuthRateLimit(app: FastifyInstance, options: { max: number; windowMs: number }) {
  app.addHook("onRequest", async (req, reply) => {
    const calls = trpcProcedures(req);
    if (calls.length > 1 && calls.some((p) => AUTH_PROCEDURES.has(p))) {
      return reply
        .code(400)
        .send({ code: "VALIDATION", message: "Sign-in, registration and receipt-check calls cannot be batched", details: null } satisfies PublicError);
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    allowList: (req) => !isAuthAttempt(req),
    errorResponseBuilder: (_req, context) =>
      new PublicHttpError(context.statusCode, {
        code: "RATE_LIMITED",
        message: "Too many attempts. Please wait a minute and try again.",
        details: { retryAfter: context.after },
      }),
  });
}
