// What a procedure declares about itself beyond tRPC (docs/rest-api.md "Declaring a route"): who may
// call it (`access`, set once by the builders of trpc.ts) and, for a procedure with a documented
// /api path, its REST meta. The REST adapter, the OpenAPI document and the access matrix read these
// from appRouter; nothing else lists the routes.
import { z } from "zod";

/** Who may call a procedure: no session, any signed-in user (`user`), or an admin past the second factor. */
export type Access = "public" | "user" | "admin";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * The /api path of a procedure. The request's parts (the query for GET and DELETE, else the JSON
 * body, with the path parameters and the idempotency key on top) are the procedure's input, which
 * its own `.input()` schema validates; the answer is the procedure's, through its `.output()`
 * schema, as JSON. The few routes whose REST form differs say so with `input`/`toInput` and
 * `output`/`toAnswer`.
 */
export interface RestMeta {
  method: HttpMethod;
  /** Fastify syntax: `/api/invoices/:id`. */
  path: string;
  /** Grouping in the reference page (Auth, Wallet, Admin …). */
  tag: string;
  summary: string;
  /** Where the rule is described (a section of docs/product.md, docs/money-integrity.md …). */
  description?: string;
  /** Status of a success (200 by default). */
  status?: number;
  /** Takes an idempotency key: the `Idempotency-Key` header or the body's `idempotencyKey`. */
  idempotencyKey?: boolean;
  /**
   * The error contract: failure statuses beyond the ones every route of its access level may answer
   * (400, 500, 503; 401 and 403 unless public). The procedure's docstring names the codes; this list
   * is the one place their statuses are written.
   */
  errors?: readonly number[];
  /** The input as REST carries it, when it differs from the procedure's (GET /api/banks/resolve). */
  input?: z.ZodType;
  /** Maps the REST input (unchecked: the procedure validates) to the procedure's. */
  toInput?(this: void, input: unknown): unknown;
  /** The JSON answer's schema, when it is not the procedure's `.output()` as JSON. */
  output?: z.ZodType;
  /** Maps the procedure's answer to the REST answer (with `output`). */
  toAnswer?(this: void, answer: unknown): unknown;
  /** An answer for which this is true is 202 Accepted: still pending (a purchase, an adjustment awaiting approval). */
  accepted?(this: void, answer: unknown): boolean;
}

/** The meta of every procedure (`initTRPC.meta<ProcedureMeta>()`); tRPC merges `.meta()` calls shallowly. */
export interface ProcedureMeta {
  access?: Access;
  rest?: RestMeta;
}

/** How JSON.stringify writes a Date (`2026-01-31T09:00:00.000Z`), as JSON Schema. */
const DATE_TIME_JSON = (({ $schema: _dialect, ...rest }) => rest)(z.toJSONSchema(z.iso.datetime({ offset: true })));

/**
 * A zod schema as JSON on the wire, as JSON Schema (draft 2020-12) without its `$schema` key: the
 * output side of codecs (naira, not kobo) and a `Date` as an ISO 8601 date-time string, which is
 * what JSON.stringify makes of it. `openObjects`: a z.object (not a strict one) allows extra keys, as
 * its parse does (for checking answers, not for the document).
 */
export function wireJsonSchema(schema: z.ZodType, io: "input" | "output", options: { openObjects?: boolean } = {}): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    reused: "inline",
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def;
      if (def.type === "date") Object.assign(ctx.jsonSchema, DATE_TIME_JSON);
      // A z.object (not strict) lets extra keys through when it parses, as the answers' check did before.
      if (options.openObjects && def.type === "object" && !("catchall" in def && def.catchall)) delete ctx.jsonSchema.additionalProperties;
    },
  }) as Record<string, unknown>;
  return rest;
}
