// The REST adapter's plumbing: each documented /api path calls the same tRPC procedure through a
// caller and maps its answer and errors to the HTTP shape the spec's client reads:
// success -> JSON body; failure -> {message, details, code} (publicError) with the procedure's HTTP status.
import { createCaller, publicError } from "@kolo/api";
import { isDatabaseUnavailable } from "@kolo/db";
import { isDomainError } from "@kolo/domain";
import { TRPCError, getTRPCErrorFromUnknown } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { UNAVAILABLE_BODY } from "../availability";
import type { ContextDeps } from "../context";
import { contextFactory } from "../context";

export type Caller = ReturnType<typeof createCaller>;

/** Answers a failed call: 503 when the database is unavailable or too slow, else the procedure's status. */
export function sendTRPCError(reply: FastifyReply, req: FastifyRequest, unknownError: unknown) {
  if (reply.sent) return reply; // the request deadline answered already
  if (isDatabaseUnavailable(unknownError)) {
    req.log.warn({ err: unknownError }, "database unavailable; answering 503");
    return reply.code(503).send(UNAVAILABLE_BODY);
  }
  const error =
    unknownError instanceof TRPCError
      ? unknownError
      : isDomainError(unknownError)
        ? // A rule the adapter itself enforces (e.g. two different idempotency keys): its own status.
          new TRPCError({ code: unknownError.transportCode, message: unknownError.message, cause: unknownError })
        : getTRPCErrorFromUnknown(unknownError);
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) req.log.error({ err: error.cause ?? error }, "REST call failed");
  return reply.code(status).send(publicError(error));
}

export type RestHandler = (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Declares `method url` answering `handler(caller, req)` as JSON with `status` (200 by default);
 * a handler may pick another status with `reply.code()` (a pending purchase's 202).
 */
export function restRoutes(app: FastifyInstance, deps: ContextDeps) {
  const makeContext = contextFactory(deps);
  return (method: HTTPMethods, url: string, handler: RestHandler, status = 200) => {
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        try {
          const caller = createCaller(await makeContext(req, reply));
          const result = await handler(caller, req, reply);
          if (reply.sent) return reply;
          return reply.code(reply.statusCode !== 200 ? reply.statusCode : status).send(result ?? null);
        } catch (error) {
          return sendTRPCError(reply, req, error);
        }
      },
    });
  };
}
