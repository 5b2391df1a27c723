import { formatNaira } from "./money";

/** What a receipt prints (docs/product.md "Receipts"); amounts in naira. */
export interface ReceiptText {
  title: string;
  status: string;
  date: string;
  from: { name: string; account: string | null };
  to: { name: string; account: string | null };
  amount: number;
  fee: number;
  reference: string;
  providerReference?: string | null;
  /** What only this kind of transaction prints (an electricity token and units), after the fee. */
  extraLines?: { label: string; value: string }[];
  /** The sender's optional note on a transfer (TRANSFER_MESSAGES / narrationSchema), printed as 'Narration'. */
  narration?: string | null;
}

const BULLETS = "••••";
/** `058 ••••6785`: a bank code, four bullets and the last four digits (docs/decisions.md). */
export const maskAccount = (bankCode: string | undefined, accountNumber: string) => `${bankCode ? `${bankCode} ` : ""}${BULLETS}${accountNumber.slice(-4)}`;
/** `0801 ••••1111`: the first and last four digits of a phone (or meter) number. */
export const maskPhone = (phone: string) => `${phone.slice(0, 4)} ${BULLETS}${phone.slice(-4)}`;

/** A receipt's check code as printed: groups of four letters ('r43m 7tqc hjom c7ni'). */
export const formatReceiptCode = (code: string) => code.match(/.{1,4}/g)?.join(" ") ?? code;

/**
 * A receipt code as a person types it ('R43M 7TQC-HJOM c7ni', '%20' already decoded) to its one
 * stored form, 16 small letters a–z and digits 2–7 ('r43m7tqchjomc7ni'); `null` when it cannot be
 * one. Spaces, dashes and dots between the groups are dropped and capitals read as small letters
 * (docs/product.md "Receipts": the check code is printed in groups of four).
 */
export function normaliseReceiptCode(text: string): string | null {
  const code = text.replace(/[\s.\-–]+/g, "").toLowerCase();
  return /^[a-z2-7]{16}$/.test(code) ? code : null;
}

/**
 * The lines of a receipt, in the order every rendering shows them (the page, the public check, the
 * PDF and the PNG): type, status (with `status`; the page shows it as a badge), date in Lagos,
 * from and to with masked accounts, amount, fee, the kind's own lines (a token), the sender's
 * narration if any, reference, and
 * the provider's reference if any.
 */
export function receiptLines(receipt: ReceiptText, options: { status?: boolean } = {}): { label: string; value: string }[] {
  const party = (p: ReceiptText["from"]) => (p.account ? `${p.name} · ${p.account}` : p.name);
  return [
    { label: "Type", value: receipt.title },
    ...(options.status ? [{ label: "Status", value: receipt.status.charAt(0).toUpperCase() + receipt.status.slice(1) }] : []),
    { label: "Date", value: `${receipt.date} (Lagos)` },
    { label: "From", value: party(receipt.from) },
    { label: "To", value: party(receipt.to) },
    { label: "Amount", value: formatNaira(receipt.amount) },
    { label: "Fee", value: formatNaira(receipt.fee) },
    ...(receipt.extraLines ?? []),
    ...(receipt.narration ? [{ label: "Narration", value: receipt.narration }] : []),
    { label: "Reference", value: receipt.reference },
    ...(receipt.providerReference ? [{ label: "Provider reference", value: receipt.providerReference }] : []),
  ];
}
