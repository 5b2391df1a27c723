import { z } from "zod";
import { plainText } from "./text";

/**
 * Saved bank accounts (docs/product.md#banking-and-withdrawals, docs/decisions.md) and the name match
 * used by bank-account and BVN verification (docs/decisions.md).
 */
export const BANKING_MESSAGES = {
  selectBank: "Please select a bank",
  accountNumber: "Account number must be 10 digits",
  accountName: "Please enter account name",
  notResolved: "Could not resolve account name. Check parameters or try again.",
  /** A form paying or saving an account whose holder's name has not come back from the bank yet. */
  nameNotConfirmed: "The account name is not confirmed yet",
  nameMismatch: "Account name does not match the bank's records",
  duplicate: "This bank account is already saved",
  tooMany: "You can save at most 10 bank accounts",
  notFound: "Bank account not found",
  providerDown: "Bank service unavailable. Please try again later.",
  removed: "Bank account removed",
} as const;

/** At most this many saved accounts per user (docs/decisions.md). */
export const MAX_BANK_ACCOUNTS = 10;

/** A CBN bank code: 3 digits (commercial banks) or 5-6 (microfinance and others). */
export const bankCodeSchema = plainText({ error: BANKING_MESSAGES.selectBank })
  .trim()
  .regex(/^\d{3,6}$/, { error: BANKING_MESSAGES.selectBank });

/** A NUBAN: exactly 10 digits. */
export const accountNumberSchema = plainText({ error: BANKING_MESSAGES.accountNumber })
  .trim()
  .regex(/^\d{10}$/, { error: BANKING_MESSAGES.accountNumber });

/** GET /api/banks/resolve?account_number&bank_code. */
export const resolveAccountSchema = z.object({ accountNumber: accountNumberSchema, bankCode: bankCodeSchema });

/**
 * POST /api/bank-accounts {userId, bankName, bankCode, accountNumber, accountName}. `userId` is
 * accepted and ignored (the session decides whose account it is); `bankName` is replaced by the
 * provider's name for `bankCode` and `accountName` is checked against the resolved name.
 */
export const addBankAccountSchema = z.object({
  userId: z.unknown().optional(),
  bankName: plainText({ error: BANKING_MESSAGES.selectBank }).trim().min(1, { error: BANKING_MESSAGES.selectBank }).max(200),
  bankCode: bankCodeSchema,
  accountNumber: accountNumberSchema,
  accountName: plainText({ error: BANKING_MESSAGES.accountName }).trim().min(2, { error: BANKING_MESSAGES.accountName }).max(200),
});
export type AddBankAccountInput = z.infer<typeof addBankAccountSchema>;

/** A name as comparable tokens: accents dropped, lower case, split on anything but letters. "Chióma  OKAFOR-Eze" -> [chioma, okafor, eze]. */
export function nameTokens(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/**
 * Whether every part of `name` appears in `reference` (docs/decisions.md "Security, second
 * round", replacing docs/decisions.md' two-token rule): tokens compared case-, accent- and
 * order-insensitively, each token of `reference` used once, and `name` has at least two parts.
 * The profile name against the BVN's name, and a bank account's name against the BVN's name.
 * "Chioma Okafor" is within "OKAFOR CHIOMA ADA"; "Chioma Ada Okafor" is not within "CHIOMA OKAFOR";
 * "Chioma" alone is within nothing.
 */
export function nameWithin(name: string, reference: string): boolean {
  const parts = nameTokens(name);
  if (parts.length < 2) return false;
  const remaining = nameTokens(reference);
  for (const token of parts) {
    const at = remaining.indexOf(token);
    if (at === -1) return false;
    remaining.splice(at, 1);
  }
  return true;
}

/** The same account holder name twice, ignoring case, accents and spacing (the client's resolved name against the server's). */
export const sameAccountName = (a: string, b: string) => nameTokens(a).join(" ") === nameTokens(b).join(" ");
