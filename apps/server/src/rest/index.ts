// The /api paths (docs/rest-api.md): readiness, the routes the procedures declare (table.ts), the receipt and statement files, the providers'
// webhooks, the OpenAPI document at /api/openapi.json and its reference page at /api/docs.
import { PROVIDERS, type WebhookContext } from "@kolo/api";
import scalarReference from "@scalar/fastify-api-reference";
import type { FastifyInstance } from "fastify";
import { UNAVAILABLE_BODY, databaseAnswers } from "../availability";
import type { ContextDeps } from "../context";
import { type RestOptions, mountRoutes } from "./adapter";
import { type ExtraPath, HEALTH_PATH, openApiDocument } from "./openapi";
import { RECEIPT_FILE_PATHS, mountReceiptFiles } from "./receipt-files";
import { routesFromRouter } from "./table";
import { STATEMENT_PATH, mountStatements } from "./statement-files";
import { EVENTS_PATH, mountEvents } from "./events";
import { webhookPaths, mountWebhooks } from "./webhooks";

/** Every /api path a procedure declares in its `.meta({ rest })`, as the adapter mounts them. */
export const REST_ROUTES = routesFromRouter();
export { documentedStatuses, openApiPath } from "./openapi";

export interface RegisterRestOptions extends RestOptions {
  /** How long the readiness check waits for the database, ms. */
  healthTimeoutMs: number;
  /** The server's public origin, the document's `servers` entry. */
  publicUrl: string;
}

/** Every documented path outside the route table: readiness, one webhook per provider that takes them, the receipt and statement files, the event stream. */
export function extraPaths(): ExtraPath[] {
  return [HEALTH_PATH, ...webhookPaths(PROVIDERS), ...RECEIPT_FILE_PATHS, STATEMENT_PATH, EVENTS_PATH];
}

/** Registers the /api routes. */
export async function registerRestRoutes(app: FastifyInstance, deps: ContextDeps & WebhookContext, options: RegisterRestOptions) {
  // Readiness: ok only when the database answers in time (load balancers stop sending traffic otherwise).
  app.get(HEALTH_PATH.path, async (_req, reply) =>
    (await databaseAnswers(deps.db, options.healthTimeoutMs)) ? { status: "ok" } : reply.code(503).send(UNAVAILABLE_BODY),
  );
  mountRoutes(app, deps, REST_ROUTES, options);
  mountReceiptFiles(app, deps);
  mountStatements(app, deps);
  mountEvents(app, deps);
  await mountWebhooks(app, deps, PROVIDERS);

  const document = openApiDocument(REST_ROUTES, extraPaths(), { version: "1.0.0", serverUrl: options.publicUrl });
  app.get("/api/openapi.json", (_req, reply) => reply.send(document));
  // The reference page is Scalar's (a kept library, bundled: no CDN). Its page starts itself with an
  // inline script, which the app-wide CSP forbids; this page alone allows it (docs/decisions.md).
  await app.register(scalarReference, {
    routePrefix: "/api/docs",
    // Nothing from outside: no web fonts, no telemetry, no hosted AI agent or developer toolbar.
    configuration: {
      url: "/api/openapi.json",
      pageTitle: "Kolo API reference",
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      agent: { disabled: true },
    },
    hooks: {
      onRequest: (_req, reply, done) => {
        reply.header("content-security-policy", DOCS_CSP);
        done();
      },
    },
  });
}

const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join("; ");
