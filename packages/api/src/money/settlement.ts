// Merchant settings and settlement (docs/product.md "Settlement"; docs/decisions.md "Merchant tools").
// The settlement account is resolved by the bank and must match the owner's BVN name (nameWithin,
// the identity rule of bank-account verification). A payout to it is the existing payout path
// (money/payouts.ts: fee, hold, requery, review) paid from the merchant wallet. The automatic
// settlement pays, once per Lagos day, the balance above the merchant's float.
import {
  type Database,
  dailyLimitKobo,
  findMerchantById,
  findMerchantByUserId,
  findTransactionByIdempotencyKey,
  findUserById,
  getMerchantBalanceKobo,
  getUserVerification,
  listAutoSettleMerchantIds,
  outgoingOnDay,
  type schema,
  updateMerchantSettings,
} from "@kolo/db";
import {
  DomainError,
  MERCHANT_MESSAGES,
  MIN_WITHDRAWAL_KOBO,
  type MerchantSettingsInput,
  VERIFICATION_MESSAGES,
  lagosDate,
  nameWithin,
  ownDailyLimitAt,
  payoutFeeKobo,
} from "@kolo/domain";
import { bankNameFor, resolveAccountName } from "../banking/accounts";
import type { Services } from "../services";
import { type PayoutResult, startPayout } from "./payouts";

/** GET /api/merchants/me/settings (kobo inside, naira on the wire). */
export interface MerchantSettingsView {
  businessName: string;
  /** The verified settlement account, or null before one is set. */
  settlementAccount: { bankCode: string; bankName: string; accountNumber: string; accountName: string } | null;
  settlementFloat: bigint;
  autoSettle: boolean;
  /** The merchant balance now, kobo. */
  balance: bigint;
}

async function ownMerchant(db: Database, userId: number): Promise<schema.Merchant> {
  const merchant = await findMerchantByUserId(db, userId);
  if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.noMerchant);
  return merchant;
}

const settlementAccountOf = (merchant: schema.Merchant): MerchantSettingsView["settlementAccount"] =>
  merchant.settlementAccountNumber && merchant.settlementBankCode && merchant.settlementBankName && merchant.settlementAccountName
    ? {
        bankCode: merchant.settlementBankCode,
        bankName: merchant.settlementBankName,
        accountNumber: merchant.settlementAccountNumber,
        accountName: merchant.settlementAccountName,
      }
    : null;

const settingsView = async (db: Database, merchant: schema.Merchant): Promise<MerchantSettingsView> => ({
  businessName: merchant.name,
  settlementAccount: settlementAccountOf(merchant),
  settlementFloat: merchant.settlementFloat,
  autoSettle: merchant.autoSettle,
  balance: await getMerchantBalanceKobo(db, merchant.userId),
});

/** GET /api/merchants/me/settings: the owner's merchant settings; NOT_FOUND 'Merchant account not found'. */
export async function merchantSettings(db: Database, owner: schema.User): Promise<MerchantSettingsView> {
  return settingsView(db, await ownMerchant(db, owner.id));
}

/**
 * PATCH /api/merchants/me/settings: changes what is given, all checked before anything is written.
 * A settlement account needs the owner's BVN verified (RULE_VIOLATION 'Please verify your BVN
 * first'); its bank must be in the provider's list (VALIDATION 'Please select a bank'), its name is
 * resolved by the provider (RULE_VIOLATION 'Could not resolve account name. Check parameters or try
 * again.'; PROVIDER_UNAVAILABLE on an outage) and every part of it must be within the owner's BVN
 * name (nameWithin, the rule of POST /api/verification/bank-account: RULE_VIOLATION 'Bank account
 * name does not match the name on your BVN'). Automatic settlement needs a settlement account
 * (RULE_VIOLATION 'Add a settlement bank account first').
 */
export async function updateMerchantSettingsFor(
  db: Database,
  services: Services,
  owner: schema.User,
  input: MerchantSettingsInput,
): Promise<MerchantSettingsView> {
  const merchant = await ownMerchant(db, owner.id);
  let account: MerchantSettingsView["settlementAccount"] | undefined;
  if (input.settlementAccount) {
    if (owner.verificationLevel < 1) {
      throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.bvnFirst, { settlementAccount: [VERIFICATION_MESSAGES.bvnFirst] });
    }
    const { bankCode, accountNumber } = input.settlementAccount;
    const bankName = await bankNameFor(services.banking, services.log, bankCode);
    const accountName = await resolveAccountName(services, accountNumber, bankCode);
    const bvnName = (await getUserVerification(db, owner.id)).bvnName ?? owner.name;
    if (!nameWithin(accountName, bvnName)) {
      throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.bankNameMismatch, { settlementAccount: [VERIFICATION_MESSAGES.bankNameMismatch] });
    }
    account = { bankCode, bankName, accountNumber, accountName };
  }
  if (input.autoSettle === true && !account && !settlementAccountOf(merchant)) {
    throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.noSettlementAccount, { autoSettle: [MERCHANT_MESSAGES.noSettlementAccount] });
  }
  const changes = {
    ...(input.businessName !== undefined ? { name: input.businessName } : {}),
    ...(account
      ? {
          settlementBankCode: account.bankCode,
          settlementBankName: account.bankName,
          settlementAccountNumber: account.accountNumber,
          settlementAccountName: account.accountName,
        }
      : {}),
    ...(input.settlementFloat !== undefined ? { settlementFloat: input.settlementFloat } : {}),
    ...(input.autoSettle !== undefined ? { autoSettle: input.autoSettle } : {}),
  };
  // Nothing given changes nothing.
  const updated = Object.keys(changes).length === 0 ? merchant : await updateMerchantSettings(db, merchant.id, changes);
  return settingsView(db, updated);
}

/**
 * POST /api/merchants/me/payouts (and the automatic settlement): pays `amountKobo` of the merchant
 * balance to the settlement account through the payout path (startPayout, channel
 * `merchant_settlement`): fee 1% (₦50 to ₦1,000) on top, amount + fee held from the merchant wallet
 * and counted against the owner's daily limit, requeried until final, flagged for review after 24 h.
 * Errors: NOT_FOUND 'Merchant account not found'; RULE_VIOLATION 'Add a settlement bank account
 * first'; INSUFFICIENT_BALANCE; DAILY_LIMIT_EXCEEDED; IDEMPOTENCY_KEY_REUSED. A repeat with the
 * same key answers the first payout and starts nothing.
 */
export async function startMerchantPayout(
  db: Database,
  services: Services,
  params: { owner: schema.User; amountKobo: bigint; idempotencyKey?: string; automatic?: boolean; now?: Date },
): Promise<PayoutResult> {
  const merchant = await ownMerchant(db, params.owner.id);
  const account = settlementAccountOf(merchant);
  if (!account) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.noSettlementAccount);
  return startPayout(db, services, {
    user: params.owner,
    channel: "merchant_settlement",
    recipient: { bankName: account.bankName, bankCode: account.bankCode, accountNumber: account.accountNumber, accountName: account.accountName },
    amountKobo: params.amountKobo,
    idempotencyKey: params.idempotencyKey,
    now: params.now,
    merchant: { id: merchant.id, automatic: params.automatic ?? false },
  });
}

/** The largest amount whose amount + payout fee fits in `totalKobo` (0 when none does). */
export function largestPayoutWithin(totalKobo: bigint): bigint {
  if (totalKobo <= 0n) return 0n;
  let amount = totalKobo - payoutFeeKobo(totalKobo);
  if (amount <= 0n) return 0n;
  // The fee only grows with the amount: step up while the next kobo still fits.
  while (amount + 1n + payoutFeeKobo(amount + 1n) <= totalKobo) amount++;
  return amount;
}

/** The idempotency key of a merchant's automatic settlement of the Lagos day `day`: one payout per day. */
export const autoSettlementKey = (day: string) => `auto-settlement:${day}`;

export type SettlementOutcome = "paid" | "already" | "below-float" | "off";

/**
 * The automatic settlement of one merchant at `now`: with automatic settlement on and a settlement
 * account, pays the largest amount whose amount + fee fits in the balance above the float and in
 * what the owner's daily limit still allows, if it is at least ₦100; under the idempotency key of
 * the Lagos day, so a second run that day pays nothing ("already"; two runs at once: the payout's
 * advisory lock lets one pay, the other is refused IDEMPOTENCY_KEY_REUSED or answered the same payout).
 */
export async function settleMerchant(db: Database, services: Services, merchantId: number, now: Date): Promise<SettlementOutcome> {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant?.autoSettle || !settlementAccountOf(merchant)) return "off";
  const owner = await findUserById(db, merchant.userId);
  if (owner?.status !== "active") return "off";
  const day = lagosDate(now);
  // Paid today already (any amount): the day's key answers it, and nothing more is paid.
  if (await findTransactionByIdempotencyKey(db, owner.id, autoSettlementKey(day))) return "already";
  const above = (await getMerchantBalanceKobo(db, merchant.userId)) - merchant.settlementFloat;
  const allowance = dailyLimitKobo(owner.verificationLevel, ownDailyLimitAt(owner, now)) - (await outgoingOnDay(db, owner.id, day));
  const amount = largestPayoutWithin(above < allowance ? above : allowance);
  if (amount < MIN_WITHDRAWAL_KOBO) return "below-float";
  const result = await startMerchantPayout(db, services, { owner, amountKobo: amount, idempotencyKey: autoSettlementKey(day), automatic: true, now });
  return result.replayed ? "already" : "paid";
}

/**
 * The daily automatic settlement (pg-boss schedule at 17:00 Lagos; tests call it with their own
 * clock): settleMerchant for every merchant with it on. One merchant's failure is logged and does
 * not stop the others; answers each merchant's outcome by id.
 */
export async function runAutoSettlement(db: Database, services: Services, now: Date): Promise<Map<number, SettlementOutcome | "error">> {
  const outcomes = new Map<number, SettlementOutcome | "error">();
  for (const id of await listAutoSettleMerchantIds(db)) {
    try {
      outcomes.set(id, await settleMerchant(db, services, id, now));
    } catch (error) {
      services.log.warn({ merchantId: id, err: error instanceof Error ? error.message : String(error) }, "Automatic settlement of a merchant failed");
      outcomes.set(id, "error");
    }
  }
  return outcomes;
}
