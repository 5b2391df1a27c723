// Paystack's webhook, the money it moves (mounted at POST /api/webhooks/paystack by the server; the
// wire types are @kolo/providers'): checks x-paystack-signature (HMAC-SHA512 of the raw body with the
// secret key) before parsing anything, then settles charge.success events at most once (a card
// top-up, a payment link's card payment, or with channel dedicated_nuban a transfer into a user's account number) and
// applies transfer.success / transfer.failed / transfer.reversed to the payout with that reference
// at most once (money/payouts.ts applyPayoutOutcome), and refund.processed / refund.failed to the
// merchant's card refund at most once (money/refunds.ts), in whatever order and number they come.
import { z } from "zod";
import {
  type WebhookAnswer,
  type WebhookDoc,
  type WebhookRequest,
  paystackRefundEvent,
  paystackTransaction,
  paystackTransfer,
  paystackTransferIn,
  toTransferIn,
  toVerifiedCharge,
} from "@kolo/providers";
import type { PublicError } from "../../public-error";
import { sendLinkReceipt, settleLinkCharge } from "../payment-links";
import { sendPayoutEndNotice } from "../payout-notice";
import { applyPayoutOutcome } from "../payouts";
import { applyRefundOutcome } from "../refunds";
import { settleTopUp } from "../topup";
import { creditTransferIn } from "../transfer-in";
import type { WebhookContext } from "./webhook";

/** Transfer events and the payout outcome each reports (docs/providers.md). */
const TRANSFER_EVENTS = { "transfer.success": "success", "transfer.failed": "failed", "transfer.reversed": "reversed" } as const;
const isTransferEvent = (event: string): event is keyof typeof TRANSFER_EVENTS => Object.hasOwn(TRANSFER_EVENTS, event);

/** Refund events that end a card refund (docs/providers.md "Paystack refunds"); `refund.pending` and `refund.processing` are acknowledged only. */
const REFUND_EVENTS = { "refund.processed": "processed", "refund.failed": "failed" } as const;
const isRefundEvent = (event: string): event is keyof typeof REFUND_EVENTS => Object.hasOwn(REFUND_EVENTS, event);

/** A charge whose channel is `dedicated_nuban`: a transfer into a user's account number, not a card top-up. */
const isTransferIn = (data: unknown) => z.object({ channel: z.literal("dedicated_nuban") }).safeParse(data).success;

const eventSchema = z.object({ event: z.string(), data: z.unknown() });

const failure = (status: number, message: string, details: unknown = null): WebhookAnswer => ({
  status,
  body: { code: status === 401 ? "UNAUTHENTICATED" : "VALIDATION", message, details } satisfies PublicError,
});

/**
 * Handles one Paystack webhook delivery, whatever carries it: `rawBody` exactly as sent (the
 * signature is over those bytes) and the request's headers. Answers 401 'Invalid signature' for a
 * bad or missing x-paystack-signature, 400 for a malformed body, else 200 {received, outcome?}.
 */
export async function handlePaystackWebhook(request: WebhookRequest, context: WebhookContext): Promise<WebhookAnswer> {
  const { db, services } = context;
  const signature = request.headers["x-paystack-signature"];
  if (!services.paymentGateway.verifyWebhookSignature(request.rawBody, typeof signature === "string" ? signature : undefined)) {
    services.log.warn({}, "Paystack webhook with a bad or missing signature refused");
    return failure(401, "Invalid signature");
  }
  let event: z.infer<typeof eventSchema>;
  try {
    event = eventSchema.parse(JSON.parse(request.rawBody.toString("utf8")));
  } catch {
    return failure(400, "Malformed webhook body");
  }
  if (isTransferEvent(event.event)) {
    const transfer = paystackTransfer.safeParse(event.data);
    if (!transfer.success) return failure(400, "Malformed transfer data", z.flattenError(transfer.error).fieldErrors);
    const result = await applyPayoutOutcome(db, services.log, transfer.data.reference, {
      outcome: TRANSFER_EVENTS[event.event],
      source: "webhook",
      transferCode: transfer.data.transfer_code,
      ...(transfer.data.session?.id ? { sessionId: transfer.data.session.id } : {}),
      providerStatus: transfer.data.status,
      amountKobo: BigInt(transfer.data.amount),
    });
    // An unknown reference is acknowledged (200) so the provider stops retrying; it is logged.
    if (!result.transaction) services.log.warn({ reference: transfer.data.reference, event: event.event }, "Transfer webhook for an unknown payout");
    // A failure or reversal is told by e-mail, once per payout however often the webhook comes.
    else if (result.transaction.status === "failed" || result.transaction.status === "reversed")
      await sendPayoutEndNotice(db, services, transfer.data.reference);
    return { status: 200, body: { received: true, outcome: result.applied } };
  }
  if (isRefundEvent(event.event)) {
    const refund = paystackRefundEvent.safeParse(event.data);
    if (!refund.success) return failure(400, "Malformed refund data", z.flattenError(refund.error).fieldErrors);
    const outcome = await applyRefundOutcome(db, services, {
      transactionReference: refund.data.transaction_reference,
      amountKobo: BigInt(refund.data.amount),
      outcome: REFUND_EVENTS[event.event],
      ...(refund.data.refund_reference ? { refundId: refund.data.refund_reference } : {}),
    });
    return { status: 200, body: { received: true, outcome } };
  }
  if (event.event !== "charge.success") return { status: 200, body: { received: true } };
  if (isTransferIn(event.data)) {
    const inbound = paystackTransferIn.safeParse(event.data);
    if (!inbound.success) return failure(400, "Malformed transfer-in data", z.flattenError(inbound.error).fieldErrors);
    return { status: 200, body: { received: true, outcome: await creditTransferIn(db, toTransferIn(inbound.data), services.log) } };
  }
  const data = paystackTransaction.safeParse(event.data);
  if (!data.success) return failure(400, "Malformed charge data", z.flattenError(data.error).fieldErrors);
  const charge = toVerifiedCharge(data.data);
  const linkOutcome = await settleLinkCharge(db, charge, services.log);
  if (linkOutcome !== undefined) {
    if (linkOutcome === "credited" || linkOutcome === "already-credited") await sendLinkReceipt(db, services, charge.reference);
    return { status: 200, body: { received: true, outcome: linkOutcome } };
  }
  const result = await settleTopUp(db, charge, services.log);
  return { status: 200, body: { received: true, outcome: result.outcome } };
}

/** What the webhook's reference documents (docs/rest-api.md). */
export const paystackWebhookDoc: WebhookDoc = {
  summary:
    "Paystack events: charge.success credits a card top-up, a payment link's card payment or a transfer into an account number once; transfer.success, transfer.failed and transfer.reversed end a payout once; refund.processed and refund.failed end a merchant's card refund once",
  signatureHeader: { name: "x-paystack-signature", description: "HMAC-SHA512 of the raw body with the secret key, hex" },
  events: ["charge.success", "transfer.success", "transfer.failed", "transfer.reversed", "refund.processed", "refund.failed"],
};
