/**
 * Card payments (docs/decisions.md): the shape Kolo needs from a gateway, in kobo.
 * Implemented by PaystackClient over HTTP, against api.paystack.co or the built-in sandbox.
 */
export interface InitializeChargeInput {
  email: string;
  amountKobo: bigint;
  reference: string;
  /** Where the gateway sends the browser back, with ?reference=…&trxref=…. */
  callbackUrl: string;
  metadata?: Record<string, unknown>;
}

export interface InitializedCharge {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** Paystack transaction statuses; only 'success' moves money. */
export type ChargeStatus = "success" | "failed" | "abandoned" | "ongoing" | "pending" | "processing" | "queued" | "reversed";

export interface VerifiedCharge {
  reference: string;
  status: ChargeStatus;
  amountKobo: bigint;
  currency: string;
  /** The gateway's own charge in kobo, when it reports one. */
  feesKobo: bigint | null;
  paidAt: string | null;
  channel: string | null;
  gatewayResponse: string | null;
}

/** A time range of provider records: `from` inclusive, `to` exclusive. */
export interface ProviderRange {
  from: Date;
  to: Date;
}

/** A refund the gateway holds (Paystack `POST /refund`, `GET /refund/:id`); amounts in kobo. */
export interface GatewayRefund {
  id: string;
  /** The refunded charge's reference. */
  transactionReference: string;
  amountKobo: bigint;
  /** `pending` | `processing` | `processed` | `failed` (Paystack's refund statuses). */
  status: string;
}

export interface PaymentGateway {
  initializeCharge(input: InitializeChargeInput): Promise<InitializedCharge>;
  verifyCharge(reference: string): Promise<VerifiedCharge>;
  /** Every charge created in `range`, all pages read (Paystack `GET /transaction`); for the daily reconciliation. */
  listCharges(range: ProviderRange): Promise<VerifiedCharge[]>;
  /**
   * Refunds `amountKobo` of the successful charge `reference` to its card (Paystack `POST /refund`);
   * PaymentGatewayError 400 when the charge cannot give that much back. The end comes by webhook.
   */
  refundCharge(input: { reference: string; amountKobo: bigint; note?: string }): Promise<GatewayRefund>;
  /** True when `signature` is the HMAC-SHA512 (hex) of the raw body with the secret key. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/**
 * A provider call that failed: `status` is the HTTP status when the provider answered (none when
 * it was unreachable or timed out), `providerMessage` the provider's own `message`, if any.
 * Used by every Paystack call (cards, banks, payouts, identity).
 */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerMessage?: string,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}
