// Never a hang: what the server answers when the database is slow, busy or gone.
// - Every /api and /trpc request has a deadline; past it the client gets 503 'Service temporarily
//   unavailable' whatever the handler is still waiting for (a pool connection, a frozen server).
//   postgres.js has no acquire timeout of its own, so this deadline is what bounds that wait.
// - A database error that means "unavailable" (statement/lock timeout, shutdown, lost connection;
//   see isDatabaseUnavailable) is answered 503 too, on REST and tRPC.
// - /api/health is a readiness check: it runs `select 1` and answers 503 when that fails or takes
//   longer than its own timeout.
import { type PublicError, SERVICE_UNAVAILABLE_MESSAGE } from "@kolo/api";
import type { Database } from "@kolo/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** The body of every 503 (the REST error shape of publicError, with the domain's SERVICE_UNAVAILABLE code). */
export const UNAVAILABLE_BODY = { message: SERVICE_UNAVAILABLE_MESSAGE, details: null, code: "SERVICE_UNAVAILABLE" } as const satisfies PublicError;

/** Paths whose handlers reach the database. */
const DATABASE_PATHS = /^\/(api|trpc)(\/|$|\?)/;

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * Answers 503 {@link UNAVAILABLE_BODY} to any /api or /trpc request that has no answer after
 * `timeoutMs`. The handler keeps running; whatever it sends later is dropped.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number) {
  app.addHook("onRequest", async (req, reply) => {
    if (!DATABASE_PATHS.test(req.url)) return;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ url: req.url, timeoutMs }, "request deadline passed; answering 503");
      void reply.code(503).send(UNAVAILABLE_BODY);
    }, timeoutMs);
    deadlines.set(req, timer);
    reply.raw.once("close", () => clearTimeout(timer));
  });
}

/**
 * Lifts `req`'s deadline once its handler holds what the deadline waits for (a pool connection)
 * and bounds the rest itself: a statement, prepared within its snapshot's own 120 s limit before
 * the first byte is sent (rest/statement-files.ts).
 */
export function liftRequestDeadline(req: FastifyRequest): void {
  clearTimeout(deadlines.get(req));
}

/**
 * Readiness: resolves true when the database answers `select 1` within `timeoutMs`, false when
 * it fails or is slower (the query may still be pending; it is not awaited).
 */
export async function databaseAnswers(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
