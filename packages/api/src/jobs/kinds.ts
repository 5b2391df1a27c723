// Every requery kind the worker runs (packages/api/src/jobs/requery.ts). A new provider outcome
// that can stay unclear adds its kind here.
import { PAYOUT_REQUERY_KIND, checkPayout, flagPayout } from "../money/payouts";
import { purchaseRequeryKind } from "../money/purchases";
import type { RequeryKind } from "./requery";

/** The requery kinds the job worker knows, by `kind`. */
export const REQUERY_KINDS: RequeryKind[] = [
  // Withdrawals and bank transfers: verify with Paystack, apply once; flag after 24 h.
  { kind: PAYOUT_REQUERY_KIND, check: checkPayout, flag: flagPayout },
  // Airtime and data: requery VTpass, settle or refund once; flag after 24 h.
  purchaseRequeryKind,
];
