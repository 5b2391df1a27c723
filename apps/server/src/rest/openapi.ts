// The OpenAPI 3.1 document of the /api paths, generated from the routes the procedures declare
// (table.ts routesFromRouter) and served at /api/openapi.json, with its reference page at /api/docs
// (docs/rest-api.md). Request schemas are the procedures' own zod inputs; response schemas their
// outputs as JSON; every failure has the Error body.
import { wireJsonSchema } from "@kolo/api";
import { z } from "zod";
import type { Route } from "./table";

/** Every failed call's body (docs/product.md "Money rules"; tRPC's `data` carries the same fields). */
export const errorBody = z.object({
  message: z.string(),
  details: z.unknown().meta({ description: "field errors (Record<field, string[]>) or figures the client may show; null when none" }),
  code: z.string().meta({ description: "the domain's error code (e.g. VALIDATION, INSUFFICIENT_BALANCE, UNAUTHENTICATED), INTERNAL or HTTP" }),
});

type JsonObject = Record<string, unknown>;

const FAILURE_TEXT: Record<number, string> = {
  400: "Bad input (VALIDATION with field errors) or a rule the request breaks",
  401: "Not signed in (UNAUTHENTICATED), wrong credentials or a bad webhook signature",
  403: "Not allowed: role, a second factor still due (MFA_REQUIRED), a suspended account or a feature switched off",
  404: "Not found",
  409: "Conflicts with the current state (already done, insufficient balance, a limit reached …)",
  422: "The provider refused the details (account, BVN, customer)",
  429: "Too many attempts; try again later",
  500: "Internal server error (no details)",
  502: "The provider did not answer as expected",
  503: "Service temporarily unavailable (the database is unavailable or too slow)",
};

/**
 * Every status a route may answer: its success status (and 202 when it accepts), 400 (bad input or
 * a broken rule), 500 and 503 always, 401 and 403 unless it is public, and its own `errors`.
 */
export function documentedStatuses(route: Pick<Route, "status" | "accepts" | "access" | "errors">): number[] {
  const statuses = new Set<number>([route.status ?? 200, 400, 500, 503, ...(route.errors ?? [])]);
  if (route.accepts) statuses.add(202);
  if (route.access !== "public") for (const status of [401, 403]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) of its JSON on the wire. */
const jsonSchema = wireJsonSchema;

/** `/api/invoices/:id` -> `/api/invoices/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const errorResponse = (status: number) => ({
  description: FAILURE_TEXT[status] ?? "Failure",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Splits an object input schema into path parameters, query parameters (GET, DELETE) and the JSON body. */
function requestParts(route: Route): { parameters: JsonObject[]; requestBody?: JsonObject } {
  const parameters: JsonObject[] = [];
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const input = route.inputSchema ? jsonSchema(route.inputSchema, "input") : null;
  const variants = (input?.anyOf as JsonObject[] | undefined) ?? (input ? [input] : []);
  const properties: Record<string, JsonObject> = {};
  for (const variant of variants) Object.assign(properties, (variant.properties as Record<string, JsonObject> | undefined) ?? {});
  const required = new Set(variants.flatMap((variant) => (variant.required as string[] | undefined) ?? []));
  for (const name of pathNames) parameters.push({ name, in: "path", required: true, schema: properties[name] ?? { type: "string" } });
  if (route.idempotencyKey) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "The idempotency key (8-255 characters), or the body's idempotencyKey; a repeat with the same key answers the first result",
      schema: { type: "string", minLength: 8, maxLength: 255 },
    });
  }
  if (properties.transactionPin) {
    parameters.push({
      name: "X-Transaction-PIN",
      in: "header",
      required: false,
      description: "The 4-digit transaction PIN, or the body's transactionPin; needed once the user has set one (docs/product.md 'Transaction PIN')",
      schema: { type: "string", pattern: "^\\d{4}$" },
    });
  }
  const rest = Object.entries(properties).filter(([name]) => !pathNames.includes(name));
  if (route.method === "GET" || route.method === "DELETE") {
    for (const [name, schema] of rest) parameters.push({ name, in: "query", required: required.has(name), schema });
    return { parameters };
  }
  if (rest.length === 0 || !input) return { parameters };
  const body = variants.length > 1 ? { anyOf: variants.map((variant) => withoutPath(variant, pathNames)) } : withoutPath(input, pathNames);
  return { parameters, requestBody: { required: required.size > 0, content: { "application/json": { schema: body } } } };
}

function withoutPath(schema: JsonObject, pathNames: string[]): JsonObject {
  const properties = Object.fromEntries(Object.entries((schema.properties as JsonObject | undefined) ?? {}).filter(([name]) => !pathNames.includes(name)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !pathNames.includes(name));
  return { ...schema, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
}

/** A documented path that calls no procedure (readiness, provider webhooks). */
export interface ExtraPath {
  method: "GET" | "POST";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  output: z.ZodType;
  statuses: readonly number[];
  /** The raw request body, when it has one (webhooks: the provider's JSON as sent). */
  body?: JsonObject;
  /** The success answer's media type (default application/json; a receipt file: application/pdf, image/png). */
  contentType?: string;
  /** Needs the session cookie (default: no session, like the webhooks). */
  session?: boolean;
  /** Query parameters, all required. */
  query?: readonly { name: string; description: string }[];
  headers?: readonly { name: string; description: string }[];
}

/** The readiness check (answered by app.ts, not by a procedure). */
export const HEALTH_PATH: ExtraPath = {
  method: "GET",
  path: "/api/health",
  tag: "Health",
  summary: "Readiness: ok only when the database answers in time",
  output: z.object({ status: z.literal("ok") }),
  statuses: [200, 503],
};

/** The OpenAPI 3.1 document of `routes` and `extras`. */
export function openApiDocument(routes: readonly Route[], extras: readonly ExtraPath[], info: { version: string; serverUrl: string }): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const add = (path: string, method: string, operation: JsonObject) => {
    const key = openApiPath(path);
    paths[key] = { ...paths[key], [method.toLowerCase()]: operation };
  };
  for (const route of routes) {
    const success = route.status ?? 200;
    const responses: Record<string, JsonObject> = {};
    for (const status of documentedStatuses(route)) {
      responses[String(status)] =
        status === success || status === 202
          ? {
              description: status === 202 ? "Accepted: still pending" : "Success",
              content: { "application/json": { schema: jsonSchema(route.output, "output") } },
            }
          : errorResponse(status);
    }
    add(route.path, route.method, {
      operationId: route.procedure,
      tags: [route.tag],
      summary: route.summary,
      description: [route.description, `tRPC procedure \`${route.procedure}\`; ${accessText[route.access]}.`].filter(Boolean).join("\n\n"),
      ...(route.access === "public" ? { security: [] } : {}),
      ...requestParts(route),
      responses,
    });
  }
  for (const extra of extras) {
    const responses: Record<string, JsonObject> = {};
    for (const status of extra.statuses) {
      responses[String(status)] =
        status < 300
          ? { description: "Success", content: { [extra.contentType ?? "application/json"]: { schema: jsonSchema(extra.output, "output") } } }
          : errorResponse(status);
    }
    add(extra.path, extra.method, {
      operationId: `${extra.method.toLowerCase()}${extra.path.replace(/[^A-Za-z0-9]+(\w)/g, (_match, letter: string) => letter.toUpperCase())}`,
      tags: [extra.tag],
      summary: extra.summary,
      ...(extra.description ? { description: extra.description } : {}),
      ...(extra.session ? {} : { security: [] }),
      parameters: [
        ...[...extra.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } })),
        ...(extra.query ?? []).map(({ name, description }) => ({ name, in: "query", required: true, description, schema: { type: "string" } })),
        ...(extra.headers ?? []).map(({ name, description }) => ({ name, in: "header", required: true, description, schema: { type: "string" } })),
      ],
      ...(extra.body ? { requestBody: { required: true, content: { "application/json": { schema: extra.body } } } } : {}),
      responses,
    });
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Kolo API",
      version: info.version,
      description:
        "The REST adapter of Kolo, the naira wallet: every path calls the same procedure the web app calls over tRPC. " +
        "Amounts are naira unless a field says kobo. Sign-in sets the `kolo_session` cookie; writes from a browser must come from the app's origin.",
    },
    servers: [{ url: info.serverUrl }],
    security: [{ session: [] }],
    tags: [...new Set([...routes.map((route) => route.tag), ...extras.map((extra) => extra.tag)])].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBody, "output") },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "kolo_session" } },
    },
  };
}

const accessText: Record<Route["access"], string> = {
  public: "no session needed",
  user: "needs a signed-in user",
  admin: "admins only, after the second factor",
};
