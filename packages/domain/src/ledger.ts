import { DomainError } from "./errors";

/**
 * Ledger rules (docs/decisions.md). A journal entry is a list of postings, each the signed change
 * in kobo to one account; the postings of an entry sum to zero. Wallets never go below zero.
 */
export const SYSTEM_ACCOUNTS = {
  /** Money the card gateway has collected for us and not yet settled. */
  gatewayClearing: "gateway_clearing",
  /** Fees Kolo charges (withdrawals, bank transfers). */
  feeIncome: "fee_income",
  /** The gateway's own charges on top-ups: the business's cost. */
  gatewayFees: "gateway_fees",
  /** Payouts sent to banks and not yet confirmed. */
  payoutsInTransit: "payouts_in_transit",
  /** Admin credits and debits. */
  adjustments: "adjustments",
  /** Money held for pending operations (payouts, purchases) until settled or released. */
  holds: "holds",
  /** Money a fraud claim's lien holds on a recipient's wallet until refunded or released (docs/product.md "Fraud claims"). */
  liens: "liens",
  /** Money owed to the airtime/data provider for delivered purchases. */
  vtpassClearing: "vtpass_clearing",
  /** Card refunds sent to the gateway and not yet processed (merchant refunds, docs/decisions.md "Merchant tools"). */
  refundsInFlight: "refunds_in_flight",
} as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export interface PostingInput {
  accountId: number;
  /** Signed change to the account, kobo. */
  amount: bigint;
}

export const INSUFFICIENT_BALANCE = "Insufficient Balance";

/**
 * Checks an entry before it is written: at least two postings, none zero, one per account,
 * summing to zero. Throws Error (a programming fault, not user input) otherwise.
 */
export function assertBalanced(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new Error("A journal entry needs at least two postings");
  const seen = new Set<number>();
  let sum = 0n;
  for (const posting of postings) {
    if (posting.amount === 0n) throw new Error("A posting cannot be zero");
    if (seen.has(posting.accountId)) throw new Error("One posting per account in an entry");
    seen.add(posting.accountId);
    sum += posting.amount;
  }
  if (sum !== 0n) throw new Error(`Journal entry does not balance: postings sum to ${sum} kobo`);
}

/** Life of a hold (docs/decisions.md, "Airtime and data"): held, then exactly one of settled or released; a settled hold may be reversed. */
export const HOLD_STATUSES = ["held", "settled", "released", "reversed"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** What a settle, release or reverse did: it acted, or the hold had already ended and nothing changed. */
export type HoldOutcome = "settled" | "released" | "reversed" | "already-settled" | "already-released" | "already-reversed" | "not-settled";

/**
 * The rule every hold transition follows, shared by the SQL functions (packages/db drizzle
 * 0002_ledger_kit_functions.sql) and tested against them: settle and release act only on a `held` hold;
 * reverse only on a `settled` one; anything else changes nothing and names the state found.
 */
export function holdTransition(current: HoldStatus, action: "settle" | "release" | "reverse"): HoldOutcome {
  if (action === "reverse") return current === "settled" ? "reversed" : current === "reversed" ? "already-reversed" : "not-settled";
  if (current === "held") return action === "settle" ? "settled" : "released";
  return current === "settled" ? "already-settled" : current === "released" ? "already-released" : "already-reversed";
}

/**
 * The balances after applying `postings` to `balances` (kobo by account id). The rule the SQL
 * function kolo_post_entry enforces (tested against it). Throws
 * DomainError INSUFFICIENT_BALANCE 'Insufficient Balance' when a wallet (non-system account) would go below zero.
 */
export function applyPostings(accounts: ReadonlyMap<number, { balance: bigint; isSystem: boolean }>, postings: readonly PostingInput[]): Map<number, bigint> {
  const next = new Map<number, bigint>();
  for (const posting of postings) {
    const account = accounts.get(posting.accountId);
    if (!account) throw new Error(`Unknown ledger account ${posting.accountId}`);
    const balance = account.balance + posting.amount;
    if (!account.isSystem && balance < 0n) throw new DomainError("INSUFFICIENT_BALANCE", INSUFFICIENT_BALANCE);
    next.set(posting.accountId, balance);
  }
  return next;
}
