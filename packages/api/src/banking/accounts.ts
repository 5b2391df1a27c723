// Banks and saved bank accounts (docs/product.md#banking-and-withdrawals; docs/decisions.md): the
// bank list and account-name resolution through the banking provider, and saving an account
// only once the provider resolved its name on the server.
import { type Database, type schema, deleteBankAccountUnlessPayoutInFlight, listBankAccounts, saveBankAccount } from "@kolo/db";
import { type AddBankAccountInput, BANKING_MESSAGES, DomainError, MAX_BANK_ACCOUNTS, PAYOUT_MESSAGES, sameAccountName } from "@kolo/domain";
import { type BankingProvider, PaymentGatewayError } from "@kolo/providers";
import { LRUCache } from "lru-cache";
import type { Services } from "../services";

/** A saved account as the spec's client reads it (docs/product.md#banking-and-withdrawals Bank account). */
export interface BankAccountView {
  id: number;
  userId: number;
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  isVerified: boolean;
}

export const toBankAccountView = (row: schema.BankAccountRow): BankAccountView => ({
  id: row.id,
  userId: row.userId,
  bankName: row.bankName,
  bankCode: row.bankCode,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  isVerified: row.isVerified,
});

/** True when the provider answered that it does not know the account (Paystack: 422; 400 for bad parameters). */
const isNotResolved = (error: unknown) => error instanceof PaymentGatewayError && (error.status === 422 || error.status === 400 || error.status === 404);

/**
 * Runs a provider call; an unreachable or failing provider becomes PROVIDER_UNAVAILABLE (503)
 * 'Bank service unavailable. Please try again later.' (logged for the operator).
 */
async function callProvider<T>(log: Services["log"], what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.warn({ err: error instanceof Error ? error.message : String(error), what }, "Banking provider call failed");
    throw new DomainError("PROVIDER_UNAVAILABLE", BANKING_MESSAGES.providerDown);
  }
}

/** GET /api/banks: active banks, `{id, code, name}` sorted by name. */
export async function listBanks(services: Services): Promise<{ id: number; code: string; name: string }[]> {
  const banks = await callProvider(services.log, "listBanks", () => services.banking.listBanks());
  return banks
    .filter((bank) => bank.active)
    .map(({ id, code, name }) => ({ id, code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * How long a holder's name the provider resolved is reused for the same bank code and account
 * number (docs/decisions/providers-and-payouts.md "Resolved names are reused for 5 minutes"): the
 * name a user saw on the transfer page (GET /api/banks/resolve) is the name the transfer then
 * pays, with one provider call, not two.
 */
export const ACCOUNT_NAME_TTL_MS = 5 * 60_000;
/** At most this many resolved names are kept per banking provider (the least recently used go first). */
const ACCOUNT_NAME_CACHE_MAX = 10_000;

/** Resolved names by `{bankCode}:{accountNumber}`, one cache per provider client (a test's own client starts empty). */
const accountNames = new WeakMap<BankingProvider, LRUCache<string, string>>();

function accountNameCache(banking: BankingProvider): LRUCache<string, string> {
  let cache = accountNames.get(banking);
  if (!cache) {
    cache = new LRUCache<string, string>({ max: ACCOUNT_NAME_CACHE_MAX, ttl: ACCOUNT_NAME_TTL_MS });
    accountNames.set(banking, cache);
  }
  return cache;
}

/**
 * The account holder's name for a 10-digit number at `bankCode`, asked of the provider at most
 * once per ACCOUNT_NAME_TTL_MS for the same bank and number (a refusal or a failure is not kept:
 * the next call asks again). RULE_VIOLATION (400) 'Could not resolve account name. Check
 * parameters or try again.' when the provider does not know it; PROVIDER_UNAVAILABLE (503) when
 * the provider fails.
 */
export async function resolveAccountName(services: Services, accountNumber: string, bankCode: string): Promise<string> {
  const cache = accountNameCache(services.banking);
  const key = `${bankCode}:${accountNumber}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const accountName = await callProvider(services.log, "resolveAccount", async () => {
    try {
      return (await services.banking.resolveAccount(accountNumber, bankCode)).accountName;
    } catch (error) {
      if (isNotResolved(error)) throw new DomainError("RULE_VIOLATION", BANKING_MESSAGES.notResolved, { accountNumber: [BANKING_MESSAGES.notResolved] });
      throw error;
    }
  });
  cache.set(key, accountName);
  return accountName;
}

/** The provider's name of the bank `bankCode` (VALIDATION 'Please select a bank' when it is not in its list). */
export async function bankNameFor(banking: BankingProvider, log: Services["log"], bankCode: string): Promise<string> {
  const banks = await callProvider(log, "listBanks", () => banking.listBanks());
  const bank = banks.find((b) => b.code === bankCode && b.active);
  if (!bank) throw new DomainError("VALIDATION", BANKING_MESSAGES.selectBank, { bankCode: [BANKING_MESSAGES.selectBank] });
  return bank.name;
}

/**
 * Saves a bank account for `userId` (docs/decisions.md): the bank must be in the provider's
 * list (its name is the provider's), the name is resolved on the server and the client's
 * `accountName` must be the same name (RULE_VIOLATION 'Account name does not match the bank's
 * records'); the same bank and number once per user (CONFLICT 'This bank account is already
 * saved'); at most 10 (RULE_VIOLATION 'You can save at most 10 bank accounts').
 */
export async function addBankAccount(db: Database, services: Services, userId: number, input: AddBankAccountInput): Promise<BankAccountView> {
  const bankName = await bankNameFor(services.banking, services.log, input.bankCode);
  const accountName = await resolveAccountName(services, input.accountNumber, input.bankCode);
  if (!sameAccountName(accountName, input.accountName)) {
    throw new DomainError("RULE_VIOLATION", BANKING_MESSAGES.nameMismatch, { accountName: [BANKING_MESSAGES.nameMismatch] });
  }
  const result = await saveBankAccount(db, { userId, bankName, bankCode: input.bankCode, accountNumber: input.accountNumber, accountName }, MAX_BANK_ACCOUNTS);
  if ("refused" in result) {
    if (result.refused === "duplicate") throw new DomainError("CONFLICT", BANKING_MESSAGES.duplicate);
    throw new DomainError("RULE_VIOLATION", BANKING_MESSAGES.tooMany, { max: MAX_BANK_ACCOUNTS });
  }
  return toBankAccountView(result.saved);
}

/** The user's saved accounts. */
export async function listUserBankAccounts(db: Database, userId: number): Promise<BankAccountView[]> {
  return (await listBankAccounts(db, userId)).map(toBankAccountView);
}

/**
 * Removes one of the user's accounts; NOT_FOUND 'Bank account not found' when it is not theirs;
 * CONFLICT (409) 'This bank account has a withdrawal or transfer in progress. Try again once it
 * has completed.' while a payout to it is pending or processing (docs/decisions.md).
 */
export async function removeBankAccount(db: Database, userId: number, id: number): Promise<{ success: true; message: string }> {
  const result = await deleteBankAccountUnlessPayoutInFlight(db, userId, id);
  if (result === "not-found") throw new DomainError("NOT_FOUND", BANKING_MESSAGES.notFound);
  if (result === "payout-in-flight") throw new DomainError("CONFLICT", PAYOUT_MESSAGES.bankAccountInUse);
  return { success: true, message: BANKING_MESSAGES.removed };
}
