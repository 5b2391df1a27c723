import { adminRouter } from "./router/admin";
import { authRouter } from "./router/auth";
import { cableRouter } from "./router/cable";
import { claimsRouter } from "./router/claims";
import { bankAccountsRouter, banksRouter, beneficiariesRouter } from "./router/banking";
import { receiptsRouter } from "./router/receipts";
import { statementsRouter } from "./router/statements";
import { featuresRouter } from "./router/features";
import { invoicesRouter, merchantsRouter, paymentsRouter } from "./router/merchants";
import { linksRouter, merchantLinksRouter } from "./router/payment-links";
import { purchasesRouter } from "./router/purchases";
import { eventsRouter } from "./router/events";
import { transactionsRouter } from "./router/transactions";
import { transfersRouter } from "./router/transfers";
import { usersRouter } from "./router/users";
import { supportRouter } from "./router/support";
import { verificationRouter } from "./router/verification";
import { walletRouter } from "./router/wallet";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  features: featuresRouter,
  wallet: walletRouter,
  transfers: transfersRouter,
  transactions: transactionsRouter,
  banks: banksRouter,
  bankAccounts: bankAccountsRouter,
  beneficiaries: beneficiariesRouter,
  receipts: receiptsRouter,
  statements: statementsRouter,
  verification: verificationRouter,
  merchants: merchantsRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  merchantLinks: merchantLinksRouter,
  links: linksRouter,
  users: usersRouter,
  supportTickets: supportRouter,
  admin: adminRouter,
  purchases: purchasesRouter,
  cable: cableRouter,
  events: eventsRouter,
  claims: claimsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
