// The kit of the REST route table: what one route declares, and the one place a request's parts
// become a procedure's input. The table itself is routes.ts; the Fastify side is adapter.ts; the
// OpenAPI document is openapi.ts. All of it is described in docs/rest-api.md.
import { type AppRouter, appRouter, type createCaller } from "@kolo/api";
import type { AnyProcedure, inferProcedureInput } from "@trpc/server";
import { ZodType, type z } from "zod";

export type Caller = ReturnType<typeof createCaller>;
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** Who may call a route: no session, any signed-in user (`user`), or an admin past the second factor. */
export type Access = "public" | "user" | "admin";

/** The dotted path of every procedure of the tRPC router (`transfers.p2p`, `admin.users.list`). */
export type ProcedurePath = Paths<AppRouter["_def"]["record"]>;
type Paths<T> = { [K in keyof T & string]: T[K] extends AnyProcedure ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? At<T[Head], Rest> : never) : P extends keyof T ? T[P] : never;

/** The input type of the procedure at `P`. */
export type InputOf<P extends ProcedurePath> =
  At<AppRouter["_def"]["record"], P> extends infer Procedure extends AnyProcedure ? inferProcedureInput<Procedure> : never;

/** One documented /api path. */
export interface RouteSpec<I, O> {
  method: HttpMethod;
  /** Fastify syntax: `/api/invoices/:id`. */
  path: string;
  /** Grouping in the reference page (Auth, Wallet, Admin …). */
  tag: string;
  summary: string;
  /** Where the rule is described (a section of docs/product.md, docs/money-integrity.md …). */
  description?: string;
  access: Access;
  /** The procedure the route calls (the tRPC name the web app uses). */
  procedure: ProcedurePath;
  /**
   * The input as REST carries it, when it differs from the procedure's (only /api/banks/resolve and
   * /api/admin/settings/:key). Otherwise the procedure's own zod input schema describes the route.
   */
  input?: z.ZodType;
  /** Takes an idempotency key: the `Idempotency-Key` header or the body's `idempotencyKey`. */
  idempotencyKey?: boolean;
  /** Status of a success (200 by default). */
  status?: number;
  /** An answer for which this is true is 202 Accepted: still pending (a purchase, an adjustment awaiting approval). */
  accepted?: (answer: O) => boolean;
  /** The success body's JSON shape (shapes.ts). */
  output: z.ZodType;
  /** Failure statuses beyond the ones every route of its access level may answer (see openapi.ts). */
  errors?: readonly number[];
  /** Calls the procedure with the request's input (path parameters, query or body, idempotency key). */
  call: (api: Caller, input: I) => Promise<O>;
}

/** A route whose input type is erased, as the table holds it. */
export interface Route extends Omit<RouteSpec<unknown, unknown>, "call" | "accepted"> {
  /** Whether the route may answer 202 Accepted. */
  accepts: boolean;
  /** The zod schema that validates the input: `input`, or the procedure's own. */
  inputSchema: z.ZodType | undefined;
  /** Calls the procedure; answers its result and the HTTP status of this success. */
  invoke: (api: Caller, input: unknown) => Promise<{ answer: unknown; status: number }>;
}

/** The zod input schema of a procedure of the router (its `.input(...)`), or undefined when it takes none. */
export function procedureInput(path: string): z.ZodType | undefined {
  const procedure: unknown = Object.entries(appRouter._def.procedures).find(([name]) => name === path)?.[1];
  if (!isProcedure(procedure)) throw new Error(`REST route table: no procedure '${path}'`);
  const input = procedure._def.inputs[0];
  return input instanceof ZodType ? input : undefined;
}

function isProcedure(value: unknown): value is { _def: { inputs: unknown[] } } {
  if (typeof value !== "function" && typeof value !== "object") return false;
  const def: unknown = value !== null && "_def" in value ? value._def : undefined;
  return typeof def === "object" && def !== null && "inputs" in def && Array.isArray(def.inputs);
}

/**
 * Declares a route. The request's parts are handed to the procedure unchecked: the procedure
 * validates them with its own schema (after its access check, so an anonymous caller gets 401, not
 * 400), and that schema is the one this route documents. That is why the raw input may be typed as
 * the procedure's input here, the adapter's only type assertion.
 */
export function route<P extends ProcedurePath, O>(spec: RouteSpec<InputOf<P>, O> & { procedure: P; input?: undefined }): Route;
export function route<S extends z.ZodType, O>(spec: RouteSpec<z.input<S>, O> & { input: S }): Route;
export function route<I, O>(spec: RouteSpec<I, O>): Route {
  const { call, accepted, ...rest } = spec;
  const status = spec.status ?? 200;
  return {
    ...rest,
    accepts: accepted !== undefined,
    inputSchema: spec.input ?? procedureInput(spec.procedure),
    invoke: async (api, input) => {
      const answer = await call(api, input as I);
      return { answer, status: accepted?.(answer) ? 202 : status };
    },
  };
}
