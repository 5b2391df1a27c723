// @kolo/providers: the outside providers as pure adapters (docs/adding-a-provider.md). Each
// provider's wire types (zod schemas of its API), its HTTP client and its settings, and the
// interfaces the app calls them through (PaymentGateway, BankingProvider, PurchaseProvider,
// Mailer). Nothing here touches the database or moves money: @kolo/api does, and
// @kolo/sandboxes imitates these APIs with the same wire types.
export * from "./banking";
export * from "./payment-gateway";
export * from "./purchases";
export * from "./mail";
export * from "./sandbox-keys";
export * from "./webhook";
export { PaystackClient } from "./paystack/client";
export {
  listQuery as paystackListQuery,
  paystackSignature,
  paystackRefund,
  paystackRefundEvent,
  paystackTransaction,
  paystackTransfer,
  paystackTransferIn,
  toPayoutTransfer,
  toTransferIn,
  toVerifiedCharge,
} from "./paystack/wire";
export type { PaystackSettings } from "./paystack/settings";
export { VtpassClient, VTPASS_DEFAULT_TIMEOUT_MS, type VtpassClientOptions } from "./vtpass/client";
export { toPurchaseAnswer } from "./vtpass/wire";
export type { VtpassSettings } from "./vtpass/settings";
