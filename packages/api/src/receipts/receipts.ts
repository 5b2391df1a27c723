// Receipts anyone can check (docs/product.md "Receipts"): a transaction's receipt for its parties,
// and a public check by the receipt's code. A code is an HMAC of the transaction (80 bits, base32),
// unguessable without the server's key; the check reads the ledger's record, and shows no more than
// the receipt: names, masked accounts, amount, fee, status, date and reference; never a balance or
// an e-mail.
import { createHmac, hkdfSync } from "node:crypto";
import { type Database, findTransactionByReceiptCode, findTransactionByReference, findUserById, saveReceiptCode, type schema } from "@kolo/db";
import { DomainError, formatDateTime, isHeldForReview, maskAccount, normaliseReceiptCode, readerDescription } from "@kolo/domain";
import { PURCHASE_KINDS } from "../money/purchase-kinds";
import type { PurchaseMetadata } from "../money/purchase-kinds/kind";
import type { Services } from "../services";

export const RECEIPT_MESSAGES = {
  notFound: "Receipt not found",
  noMatch: "No Kolo transaction matches this receipt",
} as const;

/** A party of a receipt: a name and a masked account (e.g. `058 ••••6785`), or null when there is none. */
export interface ReceiptParty {
  name: string;
  account: string | null;
}

/** What the public check shows (GET /api/receipts/verify/{code}); amounts in kobo (naira on the wire: the output schema). */
export interface PublicReceipt {
  reference: string;
  type: schema.TransactionRecord["type"];
  title: string;
  status: string;
  amount: bigint;
  fee: bigint;
  /** ISO time, and the same in Lagos as the receipt prints it. */
  createdAt: string;
  date: string;
  from: ReceiptParty;
  to: ReceiptParty;
  /** The sender's note on a P2P or bank transfer (metadata `note`), null when none: both parties and the public check see it. */
  narration: string | null;
}

/** GET /api/receipts/{reference}: the receipt as its owner sees it. */
export interface ReceiptView extends PublicReceipt {
  direction: "credit" | "debit";
  /** amount + fee for a debit, amount for a credit. */
  total: bigint;
  description: string;
  providerReference: string | null;
  /** The kind's own lines, owner only (an electricity token and units). */
  extraLines: { label: string; value: string }[];
  verifyCode: string;
  verifyUrl: string;
  /** Held by fraud monitoring (docs/product.md "Fraud controls"): the owner's screens show 'Under review'. */
  underReview: boolean;
}

const WALLET = "Kolo wallet";

/** 'Guaranty Trust Bank 058 ••••6785': the bank's name beside the masked account (docs/product.md "Receipts"). */
const bankAccountLine = (bankName: string | undefined, bankCode: string | undefined, accountNumber: string) =>
  bankName ? `${bankName} ${maskAccount(bankCode, accountNumber)}` : maskAccount(bankCode, accountNumber);

/** The key receipt codes are signed with: derived from the server's secret BVN hash key (HKDF), so no new secret is needed. */
function receiptKey(services: Pick<Services, "bvnHashKey">): Buffer {
  return Buffer.from(hkdfSync("sha256", services.bvnHashKey, "kolo", "receipt codes", 32));
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
/** The receipt code of a record: 80 bits of HMAC-SHA256 over its id and reference, as 16 base32 letters. */
export function receiptCode(services: Pick<Services, "bvnHashKey">, record: { id: number; reference: string }): string {
  const mac = createHmac("sha256", receiptKey(services)).update(`receipt:${record.id}:${record.reference}`).digest();
  let bits = "";
  for (const byte of mac.subarray(0, 10)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{5}/g) ?? []).map((chunk) => BASE32[Number.parseInt(chunk, 2)]).join("");
}

/**
 * The parties, title and provider reference of a record, by its type (names from the users it
 * names). `viewerId`: the party reading it (the title of a transfer between users is written from
 * their side), null for the public check, which reads the same to anyone.
 */
async function describe(db: Database, record: schema.TransactionRecord, viewerId: number | null) {
  const nameOf = async (id: number | null) => (id === null ? "Kolo" : ((await findUserById(db, id))?.name ?? "Kolo user"));
  const meta = record.metadata as Record<string, unknown>;
  const str = (key: string) => (typeof meta[key] === "string" ? meta[key] : undefined);
  switch (record.type) {
    case "p2p":
      return {
        title: viewerId === null ? "Transfer between Kolo users" : record.recipientId === viewerId ? "Transfer from a Kolo user" : "Transfer to a Kolo user",
        from: { name: str("senderName") ?? (await nameOf(record.senderId)), account: WALLET },
        to: { name: str("recipientName") ?? (await nameOf(record.recipientId)), account: WALLET },
        providerReference: null,
      };
    case "transfer":
      return {
        title: str("channel") === "withdrawal" ? "Withdrawal" : "Bank transfer",
        from: { name: await nameOf(record.senderId), account: WALLET },
        to: {
          name: str("accountName") ?? "Bank account",
          account: str("accountNumber") ? bankAccountLine(str("bankName"), str("bankCode"), str("accountNumber")!) : null,
        },
        // The bank's NIP session id when the provider gave one (the reference the receiving bank knows), else its transfer code.
        providerReference: str("sessionId") ?? str("transferCode") ?? null,
      };
    case "topup": {
      const byTransfer = str("channel") === "bank_transfer";
      const senderAccount = str("senderAccountNumber");
      return {
        title: byTransfer ? "Bank transfer in" : "Card top-up",
        from: byTransfer
          ? {
              name: str("senderName") ?? "Bank transfer",
              account: senderAccount ? bankAccountLine(str("senderBank"), undefined, senderAccount) : (str("senderBank") ?? null),
            }
          : { name: "Card payment", account: null },
        to: { name: await nameOf(record.recipientId), account: str("accountNumber") ? maskAccount(undefined, str("accountNumber")!) : WALLET },
        providerReference: byTransfer ? record.reference : null,
      };
    }
    case "payment":
      if (str("channel") === "refund")
        return {
          title: "Merchant refund",
          from: { name: str("merchantName") ?? "Merchant", account: null },
          to: { name: str("payerName") ?? (await nameOf(record.recipientId)), account: str("refundTo") === "card" ? "Card" : WALLET },
          providerReference: str("refundOf") ?? null,
        };
      return {
        title: str("channel") === "merchant_withdrawal" ? "Merchant withdrawal" : "Merchant payment",
        from: { name: str("payerName") ?? (await nameOf(record.senderId)), account: WALLET },
        to: { name: str("merchantName") ?? "Merchant", account: typeof meta.invoiceId === "number" ? `Invoice #${meta.invoiceId}` : null },
        providerReference: null,
      };
    case "airtime":
    case "data":
    case "electricity":
    case "cable": {
      const { title, to, lines } = PURCHASE_KINDS[record.type].receipt(record.metadata as Partial<PurchaseMetadata>);
      return { title, from: { name: await nameOf(record.senderId), account: WALLET }, to, providerReference: str("providerTransactionId") ?? null, lines };
    }
    default:
      return {
        title: "Adjustment",
        from: record.senderId === null ? { name: "Kolo", account: null } : { name: await nameOf(record.senderId), account: WALLET },
        to: record.recipientId === null ? { name: "Kolo", account: null } : { name: await nameOf(record.recipientId), account: WALLET },
        providerReference: null,
      };
  }
}

async function publicView(
  db: Database,
  record: schema.TransactionRecord,
  viewerId: number | null,
): Promise<PublicReceipt & { providerReference: string | null; extraLines: { label: string; value: string }[] }> {
  const { title, from, to, providerReference, ...rest } = await describe(db, record, viewerId);
  return {
    reference: record.reference,
    type: record.type,
    title,
    status: record.status,
    amount: record.amount,
    fee: record.fee,
    createdAt: record.createdAt.toISOString(),
    date: formatDateTime(record.createdAt),
    from,
    to,
    narration: "note" in record.metadata && typeof record.metadata.note === "string" ? record.metadata.note : null,
    providerReference,
    extraLines: ("lines" in rest ? rest.lines : undefined) ?? [],
  };
}

/**
 * GET /api/receipts/{reference}: the receipt of one of the user's transactions (they sent or
 * received it); NOT_FOUND 'Receipt not found' otherwise, whether or not the reference exists. The
 * first view stores the receipt code, so /verify/{code} finds it from then on.
 */
export async function receiptFor(
  db: Database,
  services: Pick<Services, "bvnHashKey" | "publicUrl">,
  user: schema.User,
  reference: string,
): Promise<ReceiptView> {
  const record = await findTransactionByReference(db, reference);
  // The merchant's owner reads the receipts of the merchant's payments and refunds too.
  const merchantId = record?.type === "payment" ? (record.metadata as { merchantId?: number }).merchantId : undefined;
  const ownsMerchant = merchantId !== undefined && user.merchantId === merchantId;
  if (!record || (record.senderId !== user.id && record.recipientId !== user.id && !ownsMerchant))
    throw new DomainError("NOT_FOUND", RECEIPT_MESSAGES.notFound);
  const code = receiptCode(services, record);
  await saveReceiptCode(db, record.id, code);
  const view = await publicView(db, record, user.id);
  const merchantDebit = ownsMerchant && (record.metadata as { channel?: string }).channel === "refund";
  const direction = merchantDebit || (record.senderId === user.id && record.recipientId !== user.id) ? "debit" : "credit";
  return {
    ...view,
    direction,
    total: direction === "debit" ? view.amount + view.fee : view.amount,
    description: readerDescription(record, user.id),
    verifyCode: code,
    verifyUrl: new URL(`/verify/${code}`, services.publicUrl).toString(),
    underReview: isHeldForReview(record),
  };
}

/**
 * GET /api/receipts/verify/{code} (public; rate-limited per client like sign-in): the transaction
 * a receipt code names, straight from the ledger's record, as PublicReceipt; NOT_FOUND 'No Kolo
 * transaction matches this receipt' for any code that names none (altered, invented, or never
 * shown), and for a malformed one. The code may come typed with spaces, dashes or capitals
 * (normaliseReceiptCode).
 */
export async function verifyReceipt(db: Database, code: string): Promise<PublicReceipt> {
  const normalised = normaliseReceiptCode(code);
  const record = normalised ? await findTransactionByReceiptCode(db, normalised) : undefined;
  if (!record) throw new DomainError("NOT_FOUND", RECEIPT_MESSAGES.noMatch);
  const { providerReference: _hidden, extraLines: _owners, ...view } = await publicView(db, record, null);
  return view;
}
