import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root";

export { appRouter, createCaller, type AppRouter } from "./root";
export {
  INTERNAL_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  createContext,
  publicError,
  type Context,
  type PublicError,
  type SessionCookieWriter,
} from "./trpc";
export { type Access, type HttpMethod, type ProcedureMeta, type RestMeta, wireJsonSchema } from "./rest-meta";
export type { Mailer, MailMessage, Services } from "./services";
export { SESSION_COOKIE_NAME, createSession, generateSessionToken } from "./auth/session";
export { hashPassword } from "./auth/password";
export { DEV_TOTP_SECRET_BASE32, devTotpSecret, totpCode } from "./auth/mfa";
export type { PublicUser } from "./users";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export { settleTopUp } from "./money/topup";
export { newReference } from "./money/reference";
export type { TransactionView } from "./money/view";
export type { TopUpVerification } from "./router/wallet";
export { handlePaystackWebhook } from "./money/inbound/paystack";
export { PROVIDERS, PROVIDER_NAMES, configureProvider, type ProviderName, type ProviderSettingsByName } from "./integrations/registry";
export type {
  ProviderModule,
  ProviderSetup,
  SandboxKeys,
  WebhookAnswer,
  WebhookContext,
  WebhookDoc,
  WebhookRequest,
} from "./integrations/kit";
export { expireStaleTopUps, TOPUP_CHECKOUT_LIFETIME_MS, CHECKOUT_EXPIRED, type TopUpExpiryReport } from "./money/topup-expiry";
export * from "./jobs";
export {
  PAYOUT_REQUERY_KIND,
  acceptPayout,
  applyPayoutOutcome,
  checkPayout,
  findUserPayout,
  flagPayout,
  startPayout,
  submitPayout,
  type PayoutApplied,
  type PayoutCheckContext,
  type PayoutReport,
  type PayoutRequest,
} from "./money/payouts";
export type { WithdrawalStatus } from "./router/wallet";
export {
  applyPurchaseAnswer,
  applyPurchaseAnswerIn,
  buyPurchase,
  flagPurchase,
  requeryPurchase,
  PURCHASE_REQUERY_KIND,
  PURCHASE_ANSWER_BUDGET_MS,
} from "./money/purchases";
export type { PurchaseAnswerView, DataPlanView } from "./router/purchases";
export { CABLE_BOUQUETS_TTL_MS } from "./money/purchase-kinds";
export { runReconciliation, lagosDayRange, previousLagosDay, RECONCILIATION_CLASSES } from "./money/reconciliation";
export { runAutoSettlement, settleMerchant, largestPayoutWithin, autoSettlementKey, type SettlementOutcome } from "./money/settlement";
export { applyRefundOutcome, startRefund } from "./money/refunds";
export { type AccountNumberView, accountNumberView, assignDedicatedAccount, requestAccountNumber } from "./banking/dedicated-account";
export { type TransferInOutcome, creditTransferIn } from "./money/transfer-in";
export { ALERT_TEXTS, DEVICE_COOKIE_NAME, noteSignIn, sendMoneyAlerts } from "./notifications/alerts";
export { type PublicReceipt, RECEIPT_MESSAGES, type ReceiptView, receiptCode } from "./receipts/receipts";
export { type LiveEvent, liveEvents } from "./events/stream";
export { EventHub, eventHub } from "./events/hub";
