// Transfers to any bank account and beneficiaries (docs/product.md "Transfers to any bank
// account"): an account paid by number is resolved through the provider before anything is held;
// the user may save it as a beneficiary. Beneficiaries are not the user's own accounts and never
// count for verification.
import { type Database, deleteBeneficiary, listBeneficiaries, recentBankRecipients, saveBeneficiary } from "@kolo/db";
import { BENEFICIARY_MESSAGES, DomainError, MAX_BENEFICIARIES } from "@kolo/domain";
import type { PayoutRecipient } from "../money/payouts";
import type { Services } from "../services";
import { bankNameFor, resolveAccountName } from "./accounts";

/** How many recent accounts paid by number are listed after the saved beneficiaries. */
const RECENT_RECIPIENTS = 5;

/** GET /api/beneficiaries item: a saved beneficiary (id) or a recent account paid by number (id null). */
export interface BeneficiaryView {
  id: number | null;
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  saved: boolean;
  /** ISO time of the last transfer to it, or null. */
  lastPaidAt: string | null;
}

/**
 * The account `{bankCode, accountNumber}` as a payout recipient: the bank's name from the
 * provider's list (VALIDATION 'Please select a bank'), the holder's name resolved by the provider
 * (RULE_VIOLATION 'Could not resolve account name. Check parameters or try again.'; 503 when the
 * provider is down). Called before the payout's database transaction: no provider call inside one.
 */
export async function resolveBankRecipient(services: Services, input: { bankCode: string; accountNumber: string }): Promise<PayoutRecipient> {
  const bankName = await bankNameFor(services.banking, services.log, input.bankCode);
  const accountName = await resolveAccountName(services, input.accountNumber, input.bankCode);
  return { bankName, bankCode: input.bankCode, accountNumber: input.accountNumber, accountName };
}

/** The saved beneficiaries (newest first), then up to 5 recent accounts paid by number that are not saved. */
export async function beneficiaryViews(db: Database, userId: number): Promise<BeneficiaryView[]> {
  const [saved, recent] = await Promise.all([listBeneficiaries(db, userId), recentBankRecipients(db, userId, RECENT_RECIPIENTS + MAX_BENEFICIARIES)]);
  const key = (row: { bankCode: string; accountNumber: string }) => `${row.bankCode}:${row.accountNumber}`;
  const lastPaid = new Map(recent.map((row) => [key(row), row.lastPaidAt.toISOString()]));
  const savedKeys = new Set(saved.map(key));
  return [
    ...saved.map((row) => ({
      id: row.id,
      bankName: row.bankName,
      bankCode: row.bankCode,
      accountNumber: row.accountNumber,
      accountName: row.accountName,
      saved: true,
      lastPaidAt: lastPaid.get(key(row)) ?? null,
    })),
    ...recent
      .filter((row) => !savedKeys.has(key(row)))
      .slice(0, RECENT_RECIPIENTS)
      .map((row) => ({ id: null, ...row, saved: false, lastPaidAt: row.lastPaidAt.toISOString() })),
  ];
}

/**
 * POST /api/beneficiaries {bankCode, accountNumber} -> the saved beneficiary (resolveRecipient's
 * errors; saving the same account again answers it; RULE_VIOLATION 'You can save at most 50
 * beneficiaries').
 */
export async function addBeneficiary(db: Database, services: Services, userId: number, input: { bankCode: string; accountNumber: string }) {
  const recipient = await resolveBankRecipient(services, input);
  const saved = await saveBeneficiary(db, { userId, ...recipient }, MAX_BENEFICIARIES);
  if (saved === "too-many") throw new DomainError("RULE_VIOLATION", BENEFICIARY_MESSAGES.tooMany, { max: MAX_BENEFICIARIES });
  return {
    id: saved.id,
    bankName: saved.bankName,
    bankCode: saved.bankCode,
    accountNumber: saved.accountNumber,
    accountName: saved.accountName,
    saved: true as const,
  };
}

/** DELETE /api/beneficiaries/{id} -> {success, message}; NOT_FOUND 'Beneficiary not found' when it is not the user's. */
export async function removeBeneficiary(db: Database, userId: number, id: number): Promise<{ success: true; message: string }> {
  if (!(await deleteBeneficiary(db, userId, id))) throw new DomainError("NOT_FOUND", BENEFICIARY_MESSAGES.notFound);
  return { success: true, message: BENEFICIARY_MESSAGES.removed };
}
