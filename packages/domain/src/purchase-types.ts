// No imports: screens read these where the first screen's JavaScript must not pull in zod.

/**
 * The transaction types that are purchases from VTpass (docs/adding-a-movement.md): each is a
 * hold settled into vtpass_clearing on delivery, released on failure, requeried while pending.
 */
export const PURCHASE_TYPES = ["airtime", "data", "electricity", "cable"] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** True for a transaction type in PURCHASE_TYPES. */
export const isPurchaseType = (type: string): type is PurchaseType => (PURCHASE_TYPES as readonly string[]).includes(type);
