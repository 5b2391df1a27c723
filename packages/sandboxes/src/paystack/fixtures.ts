// The Paystack sandbox's fixtures (docs/providers.md): banks, accounts
// and their payout outcomes, BVN records, and the NUBAN check digit. Tests and the demo rely on
// these exact numbers and names.
import { createHash } from "node:crypto";

export interface SandboxBank {
  id: number;
  name: string;
  slug: string;
  code: string;
  longcode: string;
}

export const SANDBOX_BANKS: readonly SandboxBank[] = [
  { id: 1, name: "Access Bank", slug: "access-bank", code: "044", longcode: "044150149" },
  { id: 9, name: "First Bank of Nigeria", slug: "first-bank-of-nigeria", code: "011", longcode: "011151003" },
  { id: 6, name: "Fidelity Bank", slug: "fidelity-bank", code: "070", longcode: "070150003" },
  { id: 9001, name: "Guaranty Trust Bank", slug: "guaranty-trust-bank", code: "058", longcode: "058152036" },
  { id: 67, name: "Kuda Microfinance Bank", slug: "kuda-bank", code: "50211", longcode: "" },
  { id: 303, name: "Moniepoint MFB", slug: "moniepoint-mfb-ng", code: "50515", longcode: "" },
  { id: 14, name: "Stanbic IBTC Bank", slug: "stanbic-ibtc-bank", code: "221", longcode: "221159522" },
  { id: 16, name: "Sterling Bank", slug: "sterling-bank", code: "232", longcode: "232150016" },
  { id: 18, name: "United Bank For Africa", slug: "united-bank-for-africa", code: "033", longcode: "033153513" },
  { id: 20, name: "Wema Bank", slug: "wema-bank", code: "035", longcode: "035150103" },
  { id: 21, name: "Zenith Bank", slug: "zenith-bank", code: "057", longcode: "057150013" },
];

/** What a payout to a fixture account does. */
export type SandboxPayoutOutcome = "success" | "failed" | "reversed" | "pending";

export const SANDBOX_ACCOUNTS: readonly { bankCode: string; accountNumber: string; accountName: string; payout: SandboxPayoutOutcome }[] = [
  { bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR", payout: "success" },
  { bankCode: "058", accountNumber: "0987654327", accountName: "ADAEZE OKONKWO", payout: "success" },
  { bankCode: "033", accountNumber: "1234567895", accountName: "CHUKWUEMEKA EZE", payout: "success" },
  { bankCode: "50211", accountNumber: "1000000016", accountName: "FATIMA BELLO", payout: "success" },
  { bankCode: "011", accountNumber: "0000014579", accountName: "ADEBAYO OGUNLEYE", payout: "success" },
  { bankCode: "044", accountNumber: "0000000017", accountName: "TUNDE BAKARE", payout: "failed" },
  { bankCode: "044", accountNumber: "0000000024", accountName: "NGOZI ADEYEMI", payout: "reversed" },
  { bankCode: "044", accountNumber: "0000000031", accountName: "EMEKA NWOSU", payout: "pending" },
];

export const SANDBOX_BVNS: readonly { bvn: string; firstName: string; lastName: string; dob: string; mobile: string }[] = [
  { bvn: "22222222221", firstName: "CHIOMA", lastName: "OKAFOR", dob: "1994-08-12", mobile: "08031234567" },
  { bvn: "22222222222", firstName: "ADAEZE", lastName: "OKONKWO", dob: "1992-03-14", mobile: "08123456789" },
  { bvn: "22222222223", firstName: "CHUKWUEMEKA", lastName: "EZE", dob: "1988-11-02", mobile: "07061234567" },
  { bvn: "22222222224", firstName: "FATIMA", lastName: "BELLO", dob: "1996-01-30", mobile: "09051234567" },
];

/** The BVN that answers HTTP 503 (provider down). */
export const SANDBOX_BVN_UNAVAILABLE = "22222222290";

const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/**
 * CBN's NUBAN check: `000` + a 3-digit bank code or `9` + a 5-digit code, then the first 9
 * digits of the account number, weighted 3,7,3,…; the 10th digit must be (10 - sum mod 10) mod 10.
 * Example: bank 011, 0000014579 is valid.
 */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const prefix = /^\d{3}$/.test(bankCode) ? `000${bankCode}` : /^\d{5}$/.test(bankCode) ? `9${bankCode}` : null;
  if (prefix === null) return false;
  const digits = `${prefix}${accountNumber.slice(0, 9)}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * NUBAN_WEIGHTS[i]!, 0);
  return (10 - (sum % 10)) % 10 === Number(accountNumber[9]);
}

/** The 10-digit NUBAN for a 9-digit `serial` at `bankCode` (the serial plus its check digit). */
export function nubanWithCheckDigit(serial: string, bankCode: string): string {
  const prefix = bankCode.length === 3 ? `000${bankCode}` : `9${bankCode}`;
  const sum = [...`${prefix}${serial}`].reduce((total, digit, i) => total + Number(digit) * NUBAN_WEIGHTS[i]!, 0);
  return `${serial}${(10 - (sum % 10)) % 10}`;
}

const FIRST_NAMES = [
  "AMAKA",
  "BOLA",
  "DAYO",
  "EMEKA",
  "FUNMI",
  "GBENGA",
  "HALIMA",
  "IFEOMA",
  "KUNLE",
  "LOLA",
  "MUSA",
  "NNEKA",
  "OLU",
  "SADE",
  "TOBI",
  "YEMI",
  "ZAINAB",
  "UCHE",
];
const LAST_NAMES = [
  "ADEBAYO",
  "BALOGUN",
  "CHUKWU",
  "DANJUMA",
  "EKWUEME",
  "FASHOLA",
  "IBRAHIM",
  "LAWAL",
  "MBAH",
  "NWANKWO",
  "OBI",
  "OKEKE",
  "SANI",
  "UDOH",
  "YUSUF",
];

/** The name the sandbox gives a valid number that is not a fixture: the same number always gives the same name. */
export function derivedAccountName(accountNumber: string, bankCode: string): string {
  const hash = createHash("sha256").update(`${bankCode}:${accountNumber}`).digest();
  return `${FIRST_NAMES[hash[0]! % FIRST_NAMES.length]} ${LAST_NAMES[hash[1]! % LAST_NAMES.length]}`;
}

/** Resolves like the sandbox does: a fixture's name, a derived name for any other valid NUBAN of a known bank, else null. */
export function sandboxAccountName(accountNumber: string, bankCode: string): string | null {
  const fixture = SANDBOX_ACCOUNTS.find((a) => a.accountNumber === accountNumber && a.bankCode === bankCode);
  if (fixture) return fixture.accountName;
  if (!SANDBOX_BANKS.some((b) => b.code === bankCode) || !isValidNuban(accountNumber, bankCode)) return null;
  return derivedAccountName(accountNumber, bankCode);
}

/** What a payout to this account does in the sandbox: the fixture's outcome, else success. */
export function sandboxPayoutOutcome(accountNumber: string, bankCode: string): SandboxPayoutOutcome {
  return SANDBOX_ACCOUNTS.find((a) => a.accountNumber === accountNumber && a.bankCode === bankCode)?.payout ?? "success";
}
