/**
 * Airtime, data, electricity, cable TV and customer verification (docs/decisions.md, "Airtime and data"): what Kolo
 * needs from VTpass's API (docs/providers.md), in kobo. Implemented by VtpassClient over HTTP,
 * against vtpass.com or the built-in sandbox.
 *
 * `pay` and `requery` never throw for an unclear answer: VTpass's own rule is that anything
 * outside its code table, a timeout or no answer is `pending`, to be settled by requery, never
 * refunded on a guess. They throw only on a programming fault (bad input built by Kolo).
 */

/** A data plan (VTpass variation). */
export interface DataVariation {
  variationCode: string;
  name: string;
  /** VTpass's naira string, e.g. "100.00" (docs/product.md#airtime-and-data: a number held as a string). */
  amount: string;
  amountKobo: bigint;
  fixedPrice: boolean;
}

/** What a purchase's answer means for the money: delivered (settle), failed (release), pending (requery later). */
export type PurchaseOutcome = "delivered" | "failed" | "pending";

export interface PurchaseAnswer {
  outcome: PurchaseOutcome;
  /** VTpass `code` ("000", "099", "016", …); undefined when there was no readable answer. */
  code?: string;
  /** VTpass `response_description`, or why there was no answer (timeout, HTTP 500, connection closed). */
  description: string;
  /** VTpass `content.transactions.transactionId`, when given. */
  transactionId?: string;
  /** Electricity, when delivered: the prepaid token ('4224-8751-7325-1062-8154') and the units ('32.6 kWh'). */
  token?: string;
  units?: string;
}

export interface PayInput {
  /** The retry key (vtpassRequestId): a repeat is refused with 014, never bought twice. */
  requestId: string;
  serviceId: string;
  phone: string;
  /** Airtime and electricity: the amount in kobo (sent as naira). */
  amountKobo?: bigint;
  /** Data: the plan (the provider charges its own price); electricity: the meter type. */
  variationCode?: string;
  /** What is bought for: the phone (data), the meter number (electricity) or the smartcard (cable TV). */
  billersCode?: string;
  /** Cable TV: `renew` the current bouquet (no variation code) or `change` to `variationCode`. */
  subscriptionType?: "renew" | "change";
  /** Cable TV: the number of months (VTpass `quantity`; Kolo sells 1). */
  quantity?: number;
}

/** A meter as VTpass's merchant-verify names it (docs/providers.md "Electricity (VTpass)"). */
export interface VerifiedMeter {
  customerName: string;
  address: string;
  meterNumber: string;
  /** "PREPAID", "POSTPAID", as the disco reports it. */
  customerType: string;
  /** The least this meter may be sold, kobo; undefined when the disco states none. */
  minimumKobo?: bigint;
}

/**
 * A smartcard as VTpass's merchant-verify names it (docs/providers.md "Cable TV (VTpass)"). DStv and
 * GOtv state the current bouquet, due date and renewal amount; StarTimes only the name and balance.
 */
export interface VerifiedSmartcard {
  customerName: string;
  smartcardNumber: string;
  /** "Open", "Closed", … as the provider reports it; undefined when not stated. */
  status?: string;
  /** As the provider writes it ("2026-11-29"); undefined when not stated. */
  dueDate?: string;
  currentBouquet?: string;
  currentBouquetCode?: string;
  /** Kobo; undefined when the provider states none (StarTimes). */
  renewalAmountKobo?: bigint;
  /** StarTimes' `Balance`, kobo. */
  balanceKobo?: bigint;
}

export interface PurchaseProvider {
  /** The data plans of a VTpass data serviceID (e.g. "mtn-data"). Throws PaymentGatewayError when unavailable. */
  listVariations(serviceId: string): Promise<DataVariation[]>;
  /** The name behind a phone number (merchant-verify; unconfirmed for phones). Throws PaymentGatewayError when not verified. */
  verifyCustomer(serviceId: string, billersCode: string): Promise<{ customerName: string }>;
  /**
   * The holder of a meter at a disco (merchant-verify with `type`). Throws PaymentGatewayError 404
   * when the disco knows no such meter, another status when VTpass cannot answer.
   */
  verifyMeter(serviceId: string, meterNumber: string, type: "prepaid" | "postpaid"): Promise<VerifiedMeter>;
  /**
   * The holder of a cable TV smartcard (merchant-verify). Throws PaymentGatewayError 404 when the
   * provider knows no such card (`content.error`), another status when VTpass cannot answer.
   */
  verifySmartcard(serviceId: string, smartcardNumber: string): Promise<VerifiedSmartcard>;
  pay(input: PayInput): Promise<PurchaseAnswer>;
  requery(requestId: string): Promise<PurchaseAnswer>;
}
