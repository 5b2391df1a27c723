// The documented /api paths (spec 01 §7, spec 02 §7). Each is one line calling a procedure.
import type { FastifyInstance } from "fastify";
import { UNAVAILABLE_BODY, databaseAnswers } from "../availability";
import type { ContextDeps } from "../context";
import { restRoutes } from "./adapter";

type Body = Record<string, unknown> | undefined;

/** Registers the /api routes; `healthTimeoutMs` bounds the readiness check's wait for the database. */
export function registerRestRoutes(app: FastifyInstance, deps: ContextDeps, options: { healthTimeoutMs: number }) {
  const route = restRoutes(app, deps);

  // Readiness: ok only when the database answers in time (load balancers stop sending traffic otherwise).
  app.get("/api/health", async (_req, reply) =>
    (await databaseAnswers(deps.db, options.healthTimeoutMs)) ? { status: "ok" } : reply.code(503).send(UNAVAILABLE_BODY),
  );

  route("POST", "/api/auth/register", (caller, req) => caller.auth.register(req.body as never), 201);
  route("POST", "/api/auth/login", (caller, req) => caller.auth.login(req.body as never));
  route("POST", "/api/auth/logout", (caller) => caller.auth.logout());
  route("GET", "/api/auth/me", (caller) => caller.auth.me());

  route("GET", "/api/features", (caller) => caller.features.list());

  route("POST", "/api/wallet/topup", (caller, req) => {
    const key = req.headers["idempotency-key"];
    return caller.wallet.topup({ amount: (req.body as Body)?.amount as never, idempotencyKey: typeof key === "string" ? key : undefined });
  });
  route("GET", "/api/wallet/verify/:reference", (caller, req) => caller.wallet.verify({ reference: (req.params as { reference: string }).reference }));

  route("POST", "/api/transfer/p2p", (caller, req) => {
    const key = req.headers["idempotency-key"];
    return caller.transfers.p2p({ ...(req.body as Body), idempotencyKey: typeof key === "string" ? key : undefined } as never);
  });
  route("GET", "/api/transactions", (caller) => caller.transactions.list());
  route("PATCH", "/api/admin/settings/:key", (caller, req) =>
    caller.features.set({ key: (req.params as { key: string }).key as never, value: (req.body as Body)?.value as never }),
  );
}
