// Request guards that are HTTP plumbing, not business rules: the same-origin check for
// state-changing requests (DECISIONS "Accounts and sign-in") and the auth rate limit.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths called by other parties on purpose: provider webhooks and the provider sandbox. */
const CROSS_ORIGIN_ALLOWED = [/^\/api\/webhooks\//, /^\/sandbox\//];

/**
 * Refuses (403) a state-changing request whose Origin is not the app's own, or that the browser
 * labels cross-site (Sec-Fetch-Site). Requests with neither header (curl, servers) pass: they
 * carry no browser's cookies on their own.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const configured = new URL(publicUrl).origin;
  app.addHook("onRequest", async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const path = req.url.split("?")[0] ?? "";
    if (CROSS_ORIGIN_ALLOWED.some((re) => re.test(path))) return;
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.host}`;
    if (origin !== undefined && origin !== ownOrigin && origin !== configured) {
      return reply.code(403).send({ message: "Cross-origin request refused", details: null });
    }
    if (origin === undefined && req.headers["sec-fetch-site"] === "cross-site") {
      return reply.code(403).send({ message: "Cross-origin request refused", details: null });
    }
  });
}

const AUTH_PATHS = [/^\/api\/auth\/(login|register)$/, /^\/trpc\/.*auth\.(login|register)/];

function isAuthAttempt(req: FastifyRequest): boolean {
  return req.method === "POST" && AUTH_PATHS.some((re) => re.test(req.url.split("?")[0] ?? ""));
}

/** At most `max` login/register attempts per client IP per `windowMs` (@fastify/rate-limit): 429 beyond. */
export async function registerAuthRateLimit(app: FastifyInstance, options: { max: number; windowMs: number }) {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    allowList: (req) => !isAuthAttempt(req),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: "Too many attempts. Please wait a minute and try again.",
      details: { retryAfter: context.after },
    }),
  });
}
