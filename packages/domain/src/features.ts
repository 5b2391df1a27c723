/**
 * Feature switches (docs/product.md). Admins are never subject to them; a missing
 * key counts as enabled. The server enforces the switches; the client only mirrors them.
 */
export const FEATURE_KEYS = [
  "feature_send_money",
  "feature_withdraw",
  "feature_topup",
  "feature_airtime",
  "feature_data",
  "feature_electricity",
  "feature_cable",
  "feature_scan_pay",
  "feature_merchant",
  "feature_support_tickets",
  "feature_verification",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Descriptions shown on the admin settings page (docs/product.md). */
export const FEATURE_DESCRIPTIONS: Record<FeatureKey, string> = {
  feature_send_money: "Send money to other users and to bank accounts",
  feature_withdraw: "Withdraw funds from the wallet to a bank account",
  feature_topup: "Add money to the wallet by card (wallet top-up)",
  feature_airtime: "Buy airtime for any network",
  feature_data: "Buy data plans for any network",
  feature_electricity: "Buy prepaid and postpaid electricity",
  feature_cable: "Renew or change DStv, GOtv and StarTimes subscriptions",
  feature_scan_pay: "Scan a QR code and pay a merchant or a user",
  feature_merchant: "Register a merchant account and receive payments",
  feature_support_tickets: "Raise and follow support tickets",
  feature_verification: "Verify identity (BVN, then a bank account) to raise limits",
};

export const FEATURE_DISABLED_MESSAGE = "Feature disabled by administrator";

export type Role = "admin" | "merchant" | "personal";

export interface FeatureSetting {
  key: string;
  value: boolean;
}

/** True when `key` is usable by a user of `role`: admins always; otherwise the switch, default on. */
export function isFeatureEnabled(settings: readonly FeatureSetting[] | undefined, key: FeatureKey, role: Role | undefined): boolean {
  if (role === "admin") return true;
  const setting = settings?.find((s) => s.key === key);
  return setting ? setting.value : true;
}
