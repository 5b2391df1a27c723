// The REST adapter's plumbing: mounts the routes the procedures declare (table.ts routesFromRouter). Each route calls its tRPC
// procedure through a caller and maps the answer and errors to the HTTP shape of docs/rest-api.md:
// success -> JSON body; failure -> {message, details, code} (publicError) with the procedure's status.
import { createCaller, publicError, wireJsonSchema } from "@kolo/api";
import { isDatabaseUnavailable } from "@kolo/db";
import { DomainError, isDomainError } from "@kolo/domain";
import { TRPCError, getTRPCErrorFromUnknown } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { UNAVAILABLE_BODY } from "../availability";
import type { ContextDeps } from "../context";
import { contextFactory } from "../context";
import { documentedStatuses, errorBody } from "./openapi";
import type { Route } from "./table";

/** The status and body of a failed call: 503 when the database is unavailable or too slow, else the procedure's status. */
function failure(req: FastifyRequest, unknownError: unknown): { status: number; body: unknown } {
  if (isDatabaseUnavailable(unknownError)) {
    req.log.warn({ err: unknownError }, "database unavailable; answering 503");
    return { status: 503, body: UNAVAILABLE_BODY };
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
  return { status, body: publicError(error) };
}

/** Answers a failed call (see `failure`), unless the request deadline answered already. */
export function sendTRPCError(reply: FastifyReply, req: FastifyRequest, unknownError: unknown) {
  if (reply.sent) return reply;
  const { status, body } = failure(req, unknownError);
  return reply.code(status).send(body);
}

export const IDEMPOTENCY_KEYS_DIFFER = "The Idempotency-Key header and the body's idempotencyKey differ";

/**
 * The idempotency key of a money write: the `Idempotency-Key` header or the body's
 * `idempotencyKey` (docs/decisions.md "Security, second round"). Both present and different: 400
 * VALIDATION, nothing done. The procedure's schema checks its form (8-255 characters).
 */
export function idempotencyKeyOf(req: { headers: Record<string, unknown>; body: unknown }): unknown {
  const header = req.headers["idempotency-key"];
  const fromHeader = typeof header === "string" ? header : undefined;
  const fromBody = isRecord(req.body) ? req.body.idempotencyKey : undefined;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw new DomainError("VALIDATION", IDEMPOTENCY_KEYS_DIFFER, { idempotencyKey: [IDEMPOTENCY_KEYS_DIFFER] });
  }
  return fromHeader ?? fromBody;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The names of a route's path parameters the input schema reads as numbers (`:id` -> 12). */
function numericParams(route: Route): Set<string> {
  if (!route.inputSchema) return new Set();
  const json = z.toJSONSchema(route.inputSchema, { io: "input", unrepresentable: "any" });
  const properties = isRecord(json.properties) ? json.properties : {};
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  return new Set(names.filter((name) => ["integer", "number"].includes(String((properties[name] as { type?: unknown } | undefined)?.type))));
}

/**
 * The procedure's raw input from the request's parts: the query (GET, DELETE) or the body, with
 * the path parameters and the idempotency key on top. The procedure validates it.
 */
function requestInput(route: Route, numeric: Set<string>, req: FastifyRequest): unknown {
  const base = route.method === "GET" || route.method === "DELETE" ? req.query : req.body;
  const params = isRecord(req.params) ? Object.entries(req.params) : [];
  if (params.length === 0 && !route.idempotencyKey) return base ?? undefined;
  const input: Record<string, unknown> = isRecord(base) ? { ...base } : {};
  for (const [name, value] of params) input[name] = numeric.has(name) ? Number(value) : value;
  if (route.idempotencyKey) input.idempotencyKey = idempotencyKeyOf(req);
  return input;
}

export interface RestOptions {
  /**
   * Checks every answer against the route's documented schema and statuses (tests turn it on): a
   * mismatch is logged and answered 500, so the test that saw it fails.
   */
  checkResponses?: boolean;
}

/**
 * The schema of a route's answer as JSON on the wire, rebuilt from the JSON Schema the OpenAPI
 * document shows: the check tests what a REST client is promised (naira, ISO dates), not the
 * procedure's output schema, which tRPC has already applied.
 */
function wireSchema(route: Route): z.ZodType {
  return z.fromJSONSchema(wireJsonSchema(route.output, "output", { openObjects: true }));
}

/** Why an answer differs from what the route documents (status, then the body's schema), or null. */
function mismatch(wire: z.ZodType, statuses: readonly number[], answer: { status: number; body: unknown }): string | null {
  if (!statuses.includes(answer.status)) return `status ${answer.status} is not documented`;
  const parsed = (answer.status < 300 ? wire : errorBody).safeParse(JSON.parse(JSON.stringify(answer.body)));
  return parsed.success ? null : z.prettifyError(parsed.error);
}

/** Mounts the route table on `app`. */
export function mountRoutes(app: FastifyInstance, deps: ContextDeps, routes: readonly Route[], options: RestOptions = {}) {
  const makeContext = contextFactory(deps);
  for (const route of routes) {
    const numeric = numericParams(route);
    const statuses = documentedStatuses(route);
    const wire = options.checkResponses ? wireSchema(route) : undefined;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        let answer: { status: number; body: unknown };
        try {
          const api = createCaller(await makeContext(req, reply));
          const result = await route.invoke(api, requestInput(route, numeric, req));
          answer = { status: result.status, body: result.answer ?? null };
        } catch (error) {
          answer = failure(req, error);
        }
        if (reply.sent) return reply; // the request deadline answered already
        const problem = wire ? mismatch(wire, statuses, answer) : null;
        if (problem !== null) {
          req.log.error({ route: `${route.method} ${route.path}`, status: answer.status, problem }, "REST answer does not match its documented schema");
          return reply.code(500).send({ code: "INTERNAL", message: `Undocumented answer of ${route.method} ${route.path}: ${problem}`, details: null });
        }
        return reply.code(answer.status).send(answer.body);
      },
    });
  }
}
