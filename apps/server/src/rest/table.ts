// The kit of the REST routes: what one route is, read from the REST meta of appRouter's procedures
// (routesFromRouter), and the one place a request's parts become a procedure's input. The Fastify
// side is adapter.ts; the OpenAPI document is openapi.ts. All of it is described in docs/rest-api.md.
import { type Access, type HttpMethod, type ProcedureMeta, appRouter, type createCaller } from "@kolo/api";
import { ZodType, type z } from "zod";

export type Caller = ReturnType<typeof createCaller>;
export type { Access, HttpMethod };

/** One documented /api path, as routesFromRouter reads it from a procedure's meta. */
export interface Route {
  method: HttpMethod;
  /** Fastify syntax: `/api/invoices/:id`. */
  path: string;
  /** Grouping in the reference page (Auth, Wallet, Admin …). */
  tag: string;
  summary: string;
  /** Where the rule is described (a section of docs/product.md, docs/money-integrity.md …). */
  description?: string;
  access: Access;
  /** The dotted path of the procedure the route calls (the tRPC name the web app uses). */
  procedure: string;
  /** The input as REST carries it, when it differs from the procedure's (the meta's `input`). */
  input?: z.ZodType;
  /** Takes an idempotency key: the `Idempotency-Key` header or the body's `idempotencyKey`. */
  idempotencyKey?: boolean;
  /** Status of a success (200 by default). */
  status?: number;
  /** The success body's JSON shape (the procedure's `.output()` or the meta's `output`). */
  output: z.ZodType;
  /** Failure statuses beyond the ones every route of its access level may answer (see openapi.ts). */
  errors?: readonly number[];
  /** Whether the route may answer 202 Accepted. */
  accepts: boolean;
  /** The zod schema that validates the input: `input`, or the procedure's own. */
  inputSchema: z.ZodType | undefined;
  /** Calls the procedure; answers its result and the HTTP status of this success. */
  invoke: (api: Caller, input: unknown) => Promise<{ answer: unknown; status: number }>;
}

/** What the REST side reads of a procedure: its input and output schemas and its meta. */
interface ProcedureDef {
  inputs: unknown[];
  output?: unknown;
  meta?: ProcedureMeta;
}

/** Every procedure of appRouter by dotted path (`transfers.p2p`): tRPC's flat record. */
function procedureDefs(): [string, ProcedureDef][] {
  return Object.entries(appRouter._def.procedures).flatMap(([path, procedure]: [string, unknown]) => {
    const def = procedureDef(procedure);
    return def ? [[path, def]] : [];
  });
}

function procedureDef(value: unknown): ProcedureDef | undefined {
  if (typeof value !== "function" && typeof value !== "object") return undefined;
  const def: unknown = value !== null && "_def" in value ? value._def : undefined;
  return typeof def === "object" && def !== null && "inputs" in def && Array.isArray(def.inputs) ? (def as ProcedureDef) : undefined;
}

/** The zod input schema of a procedure of the router (its `.input(...)`), or undefined when it takes none. */
export function procedureInput(path: string): z.ZodType | undefined {
  const def = procedureDefs().find(([name]) => name === path)?.[1];
  if (!def) throw new Error(`REST route table: no procedure '${path}'`);
  const input = def.inputs[0];
  return input instanceof ZodType ? input : undefined;
}

/** Every procedure's access (`public`, `user`, `admin`), set by the builder it is made with (packages/api/src/trpc.ts). */
export function procedureAccess(): Record<string, Access | undefined> {
  return Object.fromEntries(procedureDefs().map(([path, def]) => [path, def.meta?.access]));
}

/** The caller's function for the procedure at a dotted path (`admin.users.list`). */
function callerAt(api: Caller, path: string): (input: unknown) => Promise<unknown> {
  const fn: unknown = path.split(".").reduce<unknown>((node, key) => Reflect.get(Object(node), key), api);
  if (typeof fn !== "function") throw new Error(`REST routes: no procedure '${path}'`);
  return async (input) => {
    const answer: unknown = await Reflect.apply(fn, undefined, [input]);
    return answer;
  };
}

/**
 * The routes declared by the procedures' REST meta (`.meta({ rest })`), in the router's order. A
 * route's input schema is the procedure's `.input()` (or the meta's `input`), its answer schema the
 * procedure's `.output()` (or the meta's `output`); its access is the procedure builder's.
 */
export function routesFromRouter(): Route[] {
  return procedureDefs().flatMap(([path, def]) => {
    const rest = def.meta?.rest;
    if (!rest) return [];
    const access = def.meta?.access;
    const output = rest.output ?? def.output;
    if (!access || !(output instanceof ZodType)) throw new Error(`REST meta of '${path}': needs a builder's access and an output schema`);
    const input = def.inputs[0];
    const { toInput, toAnswer, accepted, input: restInput, output: _output, ...spec } = rest;
    const status = rest.status ?? 200;
    return [
      {
        ...spec,
        access,
        procedure: path,
        output,
        accepts: accepted !== undefined,
        inputSchema: restInput ?? (input instanceof ZodType ? input : undefined),
        invoke: async (api: Caller, raw: unknown) => {
          const result = await callerAt(api, path)(toInput ? toInput(raw) : raw);
          const answer = toAnswer ? toAnswer(result) : result;
          return { answer, status: accepted?.(answer) ? 202 : status };
        },
      },
    ];
  });
}
