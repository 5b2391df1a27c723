// Transfers into a user's own account number (docs/product.md#wallet-and-top-ups; docs/money-integrity.md):
// Paystack reports each as a `charge.success` webhook with channel `dedicated_nuban`, and the
// wallet is credited exactly once, as a completed `topup` whose reference is the provider's.
import {
  type Database,
  type DbOrTx,
  findDedicatedAccountOwner,
  findTransactionByReference,
  insertTransactionOnce,
  openReviewItem,
  updateTransaction,
} from "@kolo/db";
import type { TransferIn } from "@kolo/providers";
import { type SettleLogger, postTopUpCredit } from "./topup";

export type TransferInOutcome = "credited" | "already-credited" | "unmatched" | "refused";

/** The sender as the record and the receipt show it: "Bank transfer from CHIOMA OKAFOR", or without a name. */
const describe = (inbound: TransferIn) => (inbound.senderName ? `Bank transfer from ${inbound.senderName}` : "Bank transfer");

/**
 * Credits the wallet that owns the account number a transfer was sent to, at most once
 * (docs/money-integrity.md "Transfers into an account number"): one database transaction inserts
 * the completed `topup` record under the provider's reference (unique: a repeated webhook finds it
 * and answers "already-credited") and posts the journal entry (postTopUpCredit, key
 * `topup:{reference}`), with `metadata.channel = "bank_transfer"` and the sender's name, bank and
 * account number when the bank gave them. Nothing is credited, and a review item opens once, when
 * the account number (or customer) matches no active account ("unmatched", key
 * `recon:provider_success_not_completed:{reference}`, the key the daily reconciliation would use), or
 * when the currency is not NGN, the amount is not above 0, or the reference already names another
 * kind of record ("refused").
 */
export async function creditTransferIn(db: Database, inbound: TransferIn, log: SettleLogger): Promise<TransferInOutcome> {
  return db.transaction((tx) => creditTransferInIn(tx, inbound, log));
}

async function creditTransferInIn(tx: DbOrTx, inbound: TransferIn, log: SettleLogger): Promise<TransferInOutcome> {
  const existing = await findTransactionByReference(tx, inbound.reference, { forUpdate: true });
  if (existing?.type === "topup" && existing.status === "completed") return "already-credited";
  const owner = existing ? undefined : await findDedicatedAccountOwner(tx, { accountNumber: inbound.accountNumber, customerCode: inbound.customerCode });
  const refusal = existing
    ? `The reference already names a ${existing.type} record`
    : inbound.currency !== "NGN" || inbound.amountKobo <= 0n
      ? `Reported ${inbound.amountKobo} kobo in ${inbound.currency}`
      : null;
  if (refusal || !owner) {
    log.warn(
      { reference: inbound.reference, accountNumber: inbound.accountNumber, refusal },
      "Transfer into an account number not credited: review item opened",
    );
    await openReviewItem(tx, {
      key: `recon:provider_success_not_completed:${inbound.reference}`,
      kind: "credit_unmatched",
      cause: refusal ? "contradiction" : "unmatched",
      reference: inbound.reference,
      amountKobo: inbound.amountKobo,
      reason: refusal
        ? `Bank transfer not credited: ${refusal}`
        : `Bank transfer of ${inbound.amountKobo} kobo to account number ${inbound.accountNumber ?? "(none given)"}${inbound.senderName ? ` from ${inbound.senderName}` : ""} matches no Kolo account`,
      providerStatus: "success",
    });
    return refusal ? "refused" : "unmatched";
  }
  const record = await insertTransactionOnce(tx, {
    type: "topup",
    amount: inbound.amountKobo,
    status: "pending",
    reference: inbound.reference,
    description: describe(inbound),
    recipientId: owner.userId,
    metadata: {
      gateway: "paystack",
      channel: "bank_transfer",
      paidAt: inbound.paidAt,
      ...(inbound.accountNumber ? { accountNumber: inbound.accountNumber } : {}),
      ...(inbound.senderName ? { senderName: inbound.senderName } : {}),
      ...(inbound.senderBank ? { senderBank: inbound.senderBank } : {}),
      ...(inbound.senderAccountNumber ? { senderAccountNumber: inbound.senderAccountNumber } : {}),
      ...(inbound.narration ? { narration: inbound.narration } : {}),
    },
  });
  if (!record) {
    // A concurrent delivery inserted the reference first (its insert made this one wait): read it now it is committed.
    const first = await findTransactionByReference(tx, inbound.reference);
    if (first?.type === "topup" && first.status === "completed") return "already-credited";
    throw new Error(`Transfer-in ${inbound.reference} could not be recorded`);
  }
  const { feesKobo: fees } = await postTopUpCredit(tx, record, inbound.feesKobo, `${describe(inbound)} ${inbound.reference}`);
  await updateTransaction(tx, record.id, "topup", { status: "completed", metadata: { gatewayFeeKobo: Number(fees) } });
  return "credited";
}
