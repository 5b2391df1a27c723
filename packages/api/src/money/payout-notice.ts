// The e-mail that tells a user their payout failed or was reversed (docs/product.md "Payment
// endings"): sent once per payout, whatever number of webhooks, verify answers, job runs or admin
// acts report the ending. The payout's row lock and its `endNoticeAt` mark make it once: the mark
// is claimed under the lock, the mail sent after the commit (holding no connection), and a mail
// that fails sets the mark to 'not sent', so the next report of the ending tries again.
import { type Database, findTransactionByReference, findUserById, patchTransactionMetadata, type schema } from "@kolo/db";
import { PAYOUT_MESSAGES, type TransactionMetadataMap, formatDateTime, formatKobo, maskAccount } from "@kolo/domain";
import type { Services } from "../services";

type PayoutMetadata = TransactionMetadataMap["transfer"];

/** `endNoticeAt` of a notice whose mail failed: the next report of the ending sends it. */
const NOT_SENT = "not sent";

/** What a payout-ending e-mail needs from the services. */
export type PayoutNoticeServices = Pick<Services, "mailer" | "log" | "publicUrl" | "now">;

/** Whether `record` is a payout that ended with the money back in the wallet. */
const endedBadly = (record: schema.TransactionRecord | undefined): record is schema.TransactionRecord =>
  record?.type === "transfer" && "channel" in record.metadata && (record.status === "failed" || record.status === "reversed");

/**
 * E-mails the sender of the payout `reference` that it failed or was reversed, with the amount,
 * the fee and the total returned to the wallet (kobo, printed as naira), the recipient (bank name and
 * the account number masked to its last four digits), the reason
 * and the reference. Answers true when this call sent it; false when the payout is not failed or
 * reversed, or its notice went out before (`metadata.endNoticeAt`). A mail failure is logged and
 * answers false, marking it 'not sent', so a later call sends it. Called after every report that may
 * end a payout (the transfer webhook, the requery job, an admin's Fail).
 */
export async function sendPayoutEndNotice(db: Database, services: PayoutNoticeServices, reference: string): Promise<boolean> {
  // Claimed under the row lock, sent after the commit: no connection is held while the mail goes.
  const claimed = await db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, reference, { forUpdate: true });
    if (!endedBadly(record) || record.senderId === null) return undefined;
    const meta = record.metadata as PayoutMetadata;
    if (meta.endNoticeAt !== undefined && meta.endNoticeAt !== NOT_SENT) return undefined;
    const user = await findUserById(tx, record.senderId);
    if (!user) return undefined;
    await patchTransactionMetadata(tx, record.id, "transfer", { endNoticeAt: (services.now?.() ?? new Date()).toISOString() });
    return { record, meta, user };
  });
  if (!claimed) return false;
  const { record, meta, user } = claimed;
  const status = record.status as "failed" | "reversed";
  const total = record.amount + record.fee;
  const what = meta.channel === "withdrawal" ? "withdrawal" : meta.channel === "merchant_settlement" ? "settlement" : "bank transfer";
  const history = new URL("/history", services.publicUrl).toString();
  try {
    await services.mailer.send({
      to: user.email,
      subject: `Kolo: ${PAYOUT_MESSAGES.endedTitle(status, meta.channel)}`,
      text:
        `Hello ${user.name},\n\n` +
        // The account number masked as on receipts: an e-mail may be read by others than its owner.
        `Your ${what} of ${formatKobo(record.amount)} to ${meta.accountName} (${meta.bankName} ${maskAccount(undefined, meta.accountNumber)}) ` +
        `${status === "failed" ? "failed" : "was reversed by the bank"}.\n` +
        `${meta.channel === "merchant_settlement" ? `${PAYOUT_MESSAGES.ending(status, total).replace("your wallet", "your merchant balance")}` : PAYOUT_MESSAGES.ending(status, total)} (amount ${formatKobo(record.amount)} and fee ${formatKobo(record.fee)}).\n` +
        (meta.failureReason ? `Reason: ${meta.failureReason}\n` : "") +
        `Reference: ${record.reference}\nDate: ${formatDateTime(record.createdAt)} (Lagos time)\n\n` +
        `See it in your history: ${history}\n\nKolo`,
    });
    return true;
  } catch (error) {
    services.log.warn({ reference, err: String(error) }, "Payout ending e-mail not sent; the next report of the ending tries again");
    await patchTransactionMetadata(db, record.id, "transfer", { endNoticeAt: NOT_SENT }).catch(() => undefined);
    return false;
  }
}
