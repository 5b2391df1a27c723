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

/**
 * The short names users type for banks, by CBN bank code (beside the provider's bank list, which
 * has only full names: 'United Bank For Africa'). Used by the bank search of the web app and by
 * GET /api/banks?search= (docs/decisions.md "Bank short names").
 */
export const BANK_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "044": ["Access", "Diamond"],
  "011": ["FBN", "FirstBank", "First Bank"],
  "070": ["Fidelity"],
  "058": ["GTB", "GTBank", "GTCO", "Guaranty"],
  "50211": ["Kuda"],
  "50515": ["Moniepoint", "TeamApt"],
  "221": ["Stanbic", "IBTC"],
  "232": ["Sterling"],
  "033": ["UBA"],
  "035": ["Wema", "ALAT"],
  "057": ["Zenith"],
  "214": ["FCMB", "First City Monument Bank"],
  "032": ["Union", "UBN"],
  "215": ["Unity"],
  "082": ["Keystone"],
  "076": ["Polaris", "Skye"],
  "030": ["Heritage"],
  "050": ["Ecobank", "Eco"],
  "101": ["Providus"],
  "100004": ["OPay", "Paycom"],
  "999992": ["OPay"],
  "999991": ["PalmPay"],
};

/** Lower case, letters and digits only: 'G.T.B' and 'gtb' read the same. */
const searchKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Whether a bank answers what a user typed: `query` within its full name (words in any case,
 * spaces and dots ignored) or the start of one of its short names (BANK_ALIASES: 'UBA', 'GTB',
 * 'FBN'). An empty query matches every bank.
 */
export function bankMatches(query: string, bank: { code: string; name: string }): boolean {
  const key = searchKey(query);
  if (key === "") return true;
  if (searchKey(bank.name).includes(key)) return true;
  return (BANK_ALIASES[bank.code] ?? []).some((alias) => searchKey(alias).startsWith(key));
}

/** GET /api/banks?search=: the banks whose name or short name answers `search` (bankMatches). */
export const bankSearchSchema = z.object({ search: plainText().trim().max(60).optional() }).optional();
