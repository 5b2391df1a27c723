import type { ProviderRange } from "./payment-gateway";
/**
 * Banks, payouts and identity (docs/decisions.md, "Banking", "Identity verification"): what
 * Kolo needs from Paystack's bank, transfer and BVN endpoints, in kobo. Implemented by
 * PaystackClient over HTTP, against api.paystack.co or the built-in sandbox. Failures throw
 * PaymentGatewayError (status 422: account not resolved; 404: BVN not found; 5xx or no status:
 * provider unavailable).
 */

/** A bank in the provider's list (Paystack `GET /bank`). */
export interface Bank {
  id: number;
  name: string;
  /** CBN bank code, e.g. "058"; the key Kolo stores. */
  code: string;
  slug: string;
  active: boolean;
}

/** An account number resolved to its holder's name (Paystack `GET /bank/resolve`). */
export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
}

/** A BVN record (Paystack `GET /bank/resolve_bvn/{bvn}`): never logged, never stored in clear. */
export interface BvnRecord {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** As the provider gives it; compare after normalising. */
  mobile: string;
}

export interface TransferRecipient {
  /** "RCP_…": the payout target. */
  recipientCode: string;
  accountName: string;
  bankName: string;
}

/** Paystack transfer statuses (docs/providers.md). */
export type PayoutStatus = "pending" | "success" | "failed" | "reversed" | "otp" | "abandoned" | "blocked" | "rejected" | "received" | (string & {});

export interface PayoutTransfer {
  /** Kolo's reference: lowercase letters, digits, `-` and `_`, at least 16 characters. */
  reference: string;
  /** "TRF_…" */
  transferCode: string;
  status: PayoutStatus;
  amountKobo: bigint;
  /** The bank's NIP session id (`session.id`), once the provider gives one: the reference the receiving bank knows the transfer by. */
  sessionId?: string;
}

/** What a payout status means for Kolo: only success, failed and reversed are final. */
export type PayoutOutcome = "success" | "failed" | "reversed" | "pending";

/**
 * Maps a Paystack transfer status to Kolo's outcome (docs/providers.md): `abandoned`, `blocked` and
 * `rejected` are failures; `otp`, `received`, `pending` and anything unknown are not final.
 */
export function payoutOutcome(status: PayoutStatus): PayoutOutcome {
  if (status === "success") return "success";
  if (status === "reversed") return "reversed";
  if (status === "failed" || status === "abandoned" || status === "blocked" || status === "rejected") return "failed";
  return "pending";
}

/** Paystack's transfer reference rule: the payout's idempotency key. */
export const PAYOUT_REFERENCE_PATTERN = /^[a-z0-9_-]{16,100}$/;

/** A customer for dedicated accounts (Paystack `POST /customer`). */
export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** An assigned dedicated virtual account (Paystack `POST /dedicated_account`): a NUBAN for inbound transfers. */
export interface DedicatedAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
  active: boolean;
}

/**
 * A transfer into a dedicated account, as the `charge.success` webhook with channel
 * `dedicated_nuban` reports it (docs/providers.md "Dedicated accounts"). Kobo. The sender's
 * fields are whatever the sending bank filled: each may be null.
 */
export interface TransferIn {
  /** The provider's reference: unique, the credit's idempotency key. */
  reference: string;
  amountKobo: bigint;
  currency: string;
  /** The provider's fee on the credit, kobo; null when not reported. */
  feesKobo: bigint | null;
  paidAt: string | null;
  customerCode: string | null;
  /** The NUBAN the money was sent to. */
  accountNumber: string | null;
  senderName: string | null;
  senderBank: string | null;
  senderAccountNumber: string | null;
  narration: string | null;
}

export interface BankingProvider {
  listBanks(): Promise<Bank[]>;
  /** Throws PaymentGatewayError with status 422 when the number does not resolve. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  /** Throws PaymentGatewayError with status 404 when not found, 5xx/none when unavailable. */
  resolveBvn(bvn: string): Promise<BvnRecord>;
  createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<TransferRecipient>;
  /** Queues a payout; a retry with the same reference never pays twice. */
  initiateTransfer(input: { amountKobo: bigint; recipientCode: string; reference: string; reason: string }): Promise<PayoutTransfer>;
  verifyTransfer(reference: string): Promise<PayoutTransfer>;
  /** Every transfer created in `range`, all pages read (Paystack `GET /transfer`); for the daily reconciliation. */
  listTransfers(range: ProviderRange): Promise<PayoutTransfer[]>;
  /** Creates (or finds, by e-mail) the provider's customer; answers its code ("CUS_…"). */
  createCustomer(input: NewCustomer): Promise<{ customerCode: string }>;
  /** Assigns the customer a dedicated account; asking again for the same customer answers the same number. */
  createDedicatedAccount(customerCode: string): Promise<DedicatedAccount>;
}
