import type { LimitedAction } from "@kolo/db";
import type { JobScheduler } from "./jobs/scheduler";
import type { BankingProvider, Mailer, PaymentGateway, PurchaseProvider } from "@kolo/providers";

export type { MailMessage, Mailer } from "@kolo/providers";

/**
 * Outside services the procedures call (providers, configuration, logging), injected by the
 * server and by tests. Extend when a new provider arrives.
 */
export interface Services {
  /** Origin the browser sees, e.g. http://localhost:3000; used for provider callback URLs. */
  publicUrl: string;
  /** Card payments (Paystack API, real or the built-in sandbox). */
  paymentGateway: PaymentGateway;
  /** Banks, account names, BVN lookup and payouts (Paystack API, real or the built-in sandbox). */
  banking: BankingProvider;
  /** Airtime, data and phone verification (VTpass API, real or the built-in sandbox). */
  purchases: PurchaseProvider;
  /** Key of the BVN's keyed hash (HMAC-SHA256; BVN_HASH_KEY). Changing it unlinks stored BVNs. */
  bvnHashKey: string;
  /** The clock of time-based rules (the 24-hour attempt reset); tests pass a controllable one. Default: the system clock. */
  now?: () => Date;
  /** Background jobs: requeries of outcomes a provider has not made final (pg-boss; packages/api/src/jobs). */
  jobs: JobScheduler;
  /**
   * Per-user limits (USER_LIMITS in user-limits.ts: tickets, replies, top-up initializations);
   * tests that drive one user through many operations raise them. Default: USER_LIMITS.
   */
  userLimits?: Partial<Record<LimitedAction, { max: number; windowMs: number }>>;
  /** Sends e-mail (nodemailer: SMTP from SMTP_URL, or the sandbox mailbox; docs/providers.md "E-mail"). */
  mailer: Mailer;
  /** Structured warnings worth an operator's look (pino-compatible). */
  log: { warn: (details: Record<string, unknown>, message: string) => void };
}
