// The documented /api paths (spec 01 §7, spec 02 §7). Each is one line calling a procedure.
import { DomainError } from "@kolo/domain";
import type { FastifyInstance } from "fastify";
import { UNAVAILABLE_BODY, databaseAnswers } from "../availability";
import type { ContextDeps } from "../context";
import { restRoutes } from "./adapter";

type Body = Record<string, unknown> | undefined;

/**
 * The idempotency key of a money write: the `Idempotency-Key` header or the body's
 * `idempotencyKey` (docs/decisions.md "Security, second round"). Both present and different: 400
 * VALIDATION, nothing done. The procedure's schema checks its form (8-255 characters).
 */
function key(req: { headers: Record<string, unknown>; body: unknown }): string | undefined {
  const header = req.headers["idempotency-key"];
  const fromHeader = typeof header === "string" ? header : undefined;
  const fromBody = (req.body as Body)?.idempotencyKey as string | undefined;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw new DomainError("VALIDATION", IDEMPOTENCY_KEYS_DIFFER, { idempotencyKey: [IDEMPOTENCY_KEYS_DIFFER] });
  }
  return fromHeader ?? fromBody;
}
const IDEMPOTENCY_KEYS_DIFFER = "The Idempotency-Key header and the body's idempotencyKey differ";

/** Registers the /api routes; `healthTimeoutMs` bounds the readiness check's wait for the database. */
export function registerRestRoutes(app: FastifyInstance, deps: ContextDeps, options: { healthTimeoutMs: number }) {
  const route = restRoutes(app, deps);

  // Readiness: ok only when the database answers in time (load balancers stop sending traffic otherwise).
  app.get("/api/health", async (_req, reply) =>
    (await databaseAnswers(deps.db, options.healthTimeoutMs)) ? { status: "ok" } : reply.code(503).send(UNAVAILABLE_BODY),
  );

  route("POST", "/api/auth/register", (caller, req) => caller.auth.register(req.body as never), 201);
  route("POST", "/api/auth/login", (caller, req) => caller.auth.login(req.body as never));
  route("POST", "/api/auth/mfa", (caller, req) => caller.auth.mfa(req.body as never));
  route("POST", "/api/auth/mfa/enrol", (caller) => caller.auth.mfaEnrol());
  route("POST", "/api/auth/logout", (caller) => caller.auth.logout());
  route("GET", "/api/auth/me", (caller) => caller.auth.me());

  route("GET", "/api/features", (caller) => caller.features.list());

  route("POST", "/api/wallet/topup", (caller, req) => caller.wallet.topup({ amount: (req.body as Body)?.amount as never, idempotencyKey: key(req) }));
  route("GET", "/api/wallet/verify/:reference", (caller, req) => caller.wallet.verify({ reference: (req.params as { reference: string }).reference }));

  route("POST", "/api/transfer/p2p", (caller, req) => caller.transfers.p2p({ ...(req.body as Body), idempotencyKey: key(req) } as never));
  // The recipient of a scanned P2P code, {id, name} (not in the spec's tables; issue 9 item 6).
  route("GET", "/api/users/:id", (caller, req) => caller.users.recipient({ id: Number((req.params as { id: string }).id) as never }));
  route("GET", "/api/transactions", (caller) => caller.transactions.list());
  route("POST", "/api/wallet/withdraw", (caller, req) => caller.wallet.withdraw({ ...(req.body as Body), idempotencyKey: key(req) } as never));
  route("GET", "/api/wallet/withdrawal-status/:reference", (caller, req) =>
    caller.wallet.withdrawalStatus({ reference: (req.params as { reference: string }).reference }),
  );
  route("POST", "/api/transfer/bank", (caller, req) => caller.transfers.bank({ ...(req.body as Body), idempotencyKey: key(req) } as never));

  route("GET", "/api/banks", (caller) => caller.banks.list());
  route("GET", "/api/banks/resolve", async (caller, req) => {
    const query = req.query as { account_number?: string; bank_code?: string };
    const resolved = await caller.banks.resolve({ accountNumber: query.account_number as never, bankCode: query.bank_code as never });
    return { account_name: resolved.accountName, account_number: resolved.accountNumber, bank_code: resolved.bankCode };
  });
  route("GET", "/api/verification/status", (caller) => caller.verification.status());
  route("GET", "/api/verification/transaction-limit", (caller) => caller.verification.transactionLimit());
  route("POST", "/api/verification/bvn", (caller, req) => caller.verification.bvn(req.body as never));
  route("POST", "/api/verification/bank-account/:id", (caller, req) =>
    caller.verification.bankAccount({ bankAccountId: (req.params as { id: string }).id as never }),
  );
  route("POST", "/api/verification/reset-attempts", (caller, req) => caller.verification.resetAttempts((req.body as Body) ?? undefined));
  route("GET", "/api/bank-accounts", (caller) => caller.bankAccounts.list());
  route("POST", "/api/bank-accounts", (caller, req) => caller.bankAccounts.add(req.body as never), 201);
  route("DELETE", "/api/bank-accounts/:id", (caller, req) => caller.bankAccounts.remove({ id: (req.params as { id: string }).id as never }));
  // Merchants, invoices and payments (spec 01 §7, spec 02 §7; DECISIONS "Merchants and invoices").
  const id = (req: { params: unknown }, name: string) => Number((req.params as Record<string, string>)[name]) as never;
  route("POST", "/api/merchants", (caller, req) => caller.merchants.create(req.body as never), 201);
  route("GET", "/api/merchants/me", (caller) => caller.merchants.me());
  route("POST", "/api/merchants/withdraw", (caller, req) => caller.merchants.withdraw({ ...(req.body as Body), idempotencyKey: key(req) } as never));
  route("GET", "/api/merchants/:id", (caller, req) => caller.merchants.byId({ id: id(req, "id") }));
  route("GET", "/api/transactions/merchant", (caller) => caller.merchants.transactions());
  route("POST", "/api/invoices", (caller, req) => caller.invoices.create(req.body as never), 201);
  route("GET", "/api/invoices", (caller) => caller.invoices.list());
  route("GET", "/api/invoices/:id", (caller, req) => caller.invoices.byId({ id: id(req, "id") }));
  // Customers reach an invoice by its payment link's token, never its id (docs/decisions.md "Security, second round").
  route("GET", "/api/invoices/by-token/:token", (caller, req) => caller.invoices.byToken({ token: (req.params as { token: string }).token }));
  route("POST", "/api/invoices/:id/cancel", (caller, req) => caller.invoices.cancel({ id: id(req, "id") }));
  route("POST", "/api/payments/invoice/by-token/:token", (caller, req) =>
    caller.payments.invoiceByToken({ ...(req.body as Body), token: (req.params as { token: string }).token, idempotencyKey: key(req) } as never),
  );
  route("POST", "/api/payments/merchant", (caller, req) => caller.payments.merchant({ ...(req.body as Body), idempotencyKey: key(req) } as never));
  route("POST", "/api/payments/invoice/:invoiceId", (caller, req) =>
    caller.payments.invoice({ ...(req.body as Body), invoiceId: id(req, "invoiceId"), idempotencyKey: key(req) } as never),
  );
  // Support tickets (spec 02 §7; DECISIONS "Support").
  route("GET", "/api/support-tickets", (caller) => caller.supportTickets.list());
  route("GET", "/api/support-tickets/me", (caller) => caller.supportTickets.mine());
  route("POST", "/api/support-tickets", (caller, req) => caller.supportTickets.create(req.body as never), 201);
  route("GET", "/api/support-tickets/:id", (caller, req) => caller.supportTickets.byId({ id: id(req, "id") }));
  route("POST", "/api/support-tickets/:id/replies", (caller, req) => caller.supportTickets.reply({ ...(req.body as Body), id: id(req, "id") } as never), 201);
  route("PATCH", "/api/support-tickets/:id/status", (caller, req) => caller.supportTickets.setStatus({ ...(req.body as Body), id: id(req, "id") } as never));
  // Airtime and data (spec 02 §7; DECISIONS "Airtime and data"): a pending purchase answers 202.
  route("GET", "/api/network-providers", (caller) => caller.purchases.networks());
  route("GET", "/api/data-plans/:networkId", (caller, req) => caller.purchases.dataPlans({ networkId: (req.params as { networkId: string }).networkId }));
  route("POST", "/api/verify-customer", (caller, req) => caller.purchases.verifyCustomer(req.body as never));
  route("GET", "/api/purchases/recent-numbers", (caller) => caller.purchases.recentNumbers());
  const purchase = (answer: { status: string }, reply: { code: (status: number) => unknown }) => {
    if (answer.status === "pending") reply.code(202);
    return answer;
  };
  route("POST", "/api/airtime", async (caller, req, reply) =>
    purchase(await caller.purchases.airtime({ ...(req.body as Body), idempotencyKey: key(req) } as never), reply),
  );
  route("POST", "/api/data", async (caller, req, reply) =>
    purchase(await caller.purchases.data({ ...(req.body as Body), idempotencyKey: key(req) } as never), reply),
  );
  // Admin console (spec 02 §7; issue 11): every route is an admin procedure.
  const query = (req: { query: unknown }) => (req.query ?? {}) as Record<string, string>;
  route("GET", "/api/admin/stats", (caller) => caller.admin.stats());
  route("GET", "/api/admin/stats/volume", (caller) => caller.admin.volume());
  route("GET", "/api/admin/users", (caller, req) => caller.admin.users.list(query(req) as never));
  route("GET", "/api/admin/users/:userId/transactions", (caller, req) => caller.admin.users.transactions({ userId: id(req, "userId") }));
  // At or above the approval threshold the adjustment waits for another admin: 202 (docs/admin-security.md).
  route("POST", "/api/admin/users/:userId/wallet", async (caller, req, reply) => {
    const result = await caller.admin.users.wallet({ ...(req.body as Body), userId: id(req, "userId"), idempotencyKey: key(req) } as never);
    if (result.pending) reply.code(202);
    return result;
  });
  route("PATCH", "/api/admin/users/:userId/role", (caller, req) => caller.admin.users.role({ ...(req.body as Body), userId: id(req, "userId") } as never));
  route("GET", "/api/admin/adjustments", (caller, req) => caller.admin.adjustments.list(query(req) as never));
  route("POST", "/api/admin/adjustments/:id/approve", (caller, req) => caller.admin.adjustments.approve({ id: id(req, "id") }));
  route("POST", "/api/admin/adjustments/:id/reject", (caller, req) => caller.admin.adjustments.reject({ id: id(req, "id") }));
  route("POST", "/api/admin/users/:userId/status", (caller, req) => caller.admin.users.status({ ...(req.body as Body), userId: id(req, "userId") } as never));
  route("GET", "/api/admin/transactions", (caller, req) => caller.admin.transactions.list(query(req) as never));
  route("POST", "/api/admin/transactions/update-status", (caller, req) => caller.admin.transactions.updateStatus(req.body as never));
  route("GET", "/api/admin/settings", (caller) => caller.admin.settings.list());
  route("GET", "/api/admin/support-tickets", (caller, req) => caller.supportTickets.queue(query(req) as never));
  route("PATCH", "/api/admin/settings/:key", (caller, req) => {
    const settingKey = (req.params as { key: string }).key;
    // The one amount setting beside the feature switches (docs/admin-security.md "Four eyes").
    if (settingKey === "adjustment_approval_threshold") return caller.admin.adjustments.setThreshold({ value: (req.body as Body)?.value as never });
    return caller.admin.settings.set({ key: settingKey as never, value: (req.body as Body)?.value as never });
  });
  route("GET", "/api/admin/audit", (caller, req) => caller.admin.audit.list(query(req) as never));
  // The review queue (docs/money-integrity.md "Review queue"): {items, total}, amounts in naira.
  route("GET", "/api/admin/reviews", async (caller, req) => {
    const { items, total } = await caller.admin.reviews.list(query(req) as never);
    return {
      items: items.map(({ id, kind, reference, userId, amount, reason, providerStatus, createdAt, resolvedAt, resolution }) => ({
        id,
        kind,
        reference,
        userId,
        amount,
        reason,
        providerStatus,
        createdAt,
        resolvedAt,
        resolution,
      })),
      total,
    };
  });
  // Daily reconciliation (docs/money-integrity.md): runs newest first; one run with its exceptions; run a day now.
  route("GET", "/api/admin/reconciliation/runs", (caller) => caller.admin.reconciliation.list());
  route("GET", "/api/admin/reconciliation/runs/:id", (caller, req) => caller.admin.reconciliation.byId({ id: id(req, "id") }));
  route("POST", "/api/admin/reconciliation/runs", (caller, req) => caller.admin.reconciliation.run(req.body as never));
  route("POST", "/api/admin/reviews/:id/resolve", (caller, req) => caller.admin.reviews.resolve({ ...(req.body as Body), id: id(req, "id") } as never));
}
