// Assembles the HTTP server: cookies, guards, tRPC under /trpc, the REST adapter under /api,
// and the built web app (with index.html for client-side routes). Used by main.ts and tests.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { type AppRouter, appRouter } from "@kolo/api";
import { type SandboxOptions, mountSandboxes } from "@kolo/sandboxes";
import { type Database, isDatabaseUnavailable } from "@kolo/db";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import type { Services } from "@kolo/api";
import { registerRequestDeadline } from "./availability";
import { contextFactory } from "./context";
import { registerRestRoutes } from "./rest";
import { NOT_FOUND_BODY, frameworkErrors, registerAuthRateLimit, registerErrorHandler, registerOriginCheck, registerSecurityHeaders } from "./security";

export interface AppOptions {
  db: Database;
  services: Services;
  /** Folder of the built web app; not served when absent. */
  webDistDir?: string;
  authRateLimit?: { max: number; windowMs: number };
  logLevel?: string;
  /** Where log lines go (default stdout); tests collect them. */
  logStream?: { write: (line: string) => void };
  /**
   * Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY: addresses/CIDRs, comma-separated,
   * as Fastify's trustProxy takes them). Unset: none; the client is the socket's peer.
   */
  trustProxy?: string;
  /** Deadline of /api and /trpc requests, and the readiness check's wait for the database, in ms. */
  timeouts?: { requestMs: number; healthMs: number };
  /** Provider sandboxes to mount under /sandbox/<name>, by provider name (providers without keys). */
  sandboxes?: Partial<SandboxOptions>;
  /** Checks every REST answer against the route table's schemas and statuses (tests; rest/adapter.ts). */
  checkResponses?: boolean;
  /** Sees every route as it is declared (the access-control matrix test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? "info", ...(options.logStream ? { stream: options.logStream } : {}) },
    routerOptions: { maxParamLength: 5000 },
    // Security (security.ts): forwarded headers only from configured proxies; one error body.
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
  });
  const onRoute = options.onRoute;
  if (onRoute) app.addHook("onRoute", (route) => onRoute(route));
  const deps = { db: options.db, services: options.services };

  const timeouts = options.timeouts ?? { requestMs: 15_000, healthMs: 2_000 };
  registerRequestDeadline(app, timeouts.requestMs);
  await app.register(cookie);
  // Security (security.ts): error body, headers and caching, origin check, auth rate limit.
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { publicUrl: options.services.publicUrl });
  registerOriginCheck(app, options.services.publicUrl);
  await registerAuthRateLimit(app, options.authRateLimit ?? { max: 30, windowMs: 60_000 });

  const makeContext = contextFactory(deps);
  // tRPC's route takes every method and any path; only GET (queries) and POST (mutations) of
  // procedure names (letters, digits, dots; commas in a batch) mean anything. Others used to
  // reach the adapter and answer 500 (TRACE; '%25%20', which tRPC decodes twice): now 405 / 404.
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/trpc/")) return;
    if (req.method !== "GET" && req.method !== "POST" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      return reply.code(405).header("allow", "GET, POST").send({ code: "HTTP", message: "Method not allowed", details: null });
    }
    // tRPC decodes the path itself; a path that does not decode once to procedure names would
    // make it decode again and fail.
    let path: string;
    try {
      path = decodeURIComponent(req.url.slice("/trpc/".length).split("?")[0] ?? "");
    } catch {
      path = "";
    }
    if (!/^[A-Za-z0-9.,]+$/.test(path)) return reply.code(404).send({ code: "HTTP", message: "No procedure found", details: null });
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => makeContext(req, res),
      onError: ({ error, path, req }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error, path }, "tRPC call failed");
      },
      // A database that is unavailable or too slow is a 503, not a 500.
      responseMeta: ({ errors }) => (errors.some(isDatabaseUnavailable) ? { status: 503 } : {}),
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  await registerRestRoutes(app, deps, {
    healthTimeoutMs: timeouts.healthMs,
    publicUrl: options.services.publicUrl,
    checkResponses: options.checkResponses,
  });
  // Each provider's sandbox when it runs without keys (webhooks are /api routes).
  await mountSandboxes(app, { db: options.db, publicUrl: options.services.publicUrl }, options.sandboxes ?? {});

  const webDistDir = options.webDistDir;
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, "index.html"));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart;
  // a missing file falls through to the not-found handler below (index.html for app routes).
  // preCompressed: the build writes .br and .gz beside each file (apps/web/vite.config.ts); the
  // client's Accept-Encoding picks one. Caching: see webCacheControl.
  if (hasWeb && webDistDir !== undefined) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header("cache-control", webCacheControl(relative(webDistDir, path)));
      },
    });
  }

  // /login and /dashboard are answered with the build's own pages for them when it has them (the
  // sign-in form prerendered; the dashboard's JavaScript preloaded: docs/performance.md); every
  // other app route with index.html.
  const routePages = [
    { path: /^\/login\/?(\?|$)/, file: "login.html" },
    { path: /^\/dashboard\/?(\?|$)/, file: "dashboard.html" },
  ].filter((page) => hasWeb && webDistDir !== undefined && existsSync(join(webDistDir, page.file)));
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|trpc|sandbox)(\/|$)/.test(req.url);
    if (hasWeb && req.method === "GET" && !isApi) {
      const page = routePages.find((candidate) => candidate.path.test(req.url))?.file ?? "index.html";
      return reply.type("text/html").sendFile(page);
    }
    return reply.code(404).send(NOT_FOUND_BODY);
  });

  return app;
}

/**
 * Cache-Control of a file of the built web app, by its path inside the dist folder. Vite puts a
 * content hash in every file name under assets/, so those never change and are cached for a year (`immutable`: no revalidation on
 * reload); everything else (index.html, favicon) is revalidated on every use (`no-cache`).
 */
export function webCacheControl(filePath: string): string {
  return /^assets[\\/][^\\/]+$/.test(filePath) ? "public, max-age=31536000, immutable" : "no-cache";
}
