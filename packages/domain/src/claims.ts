// The wire schemas of fraud claims (docs/product.md "Fraud claims"); the rules and texts are in claim-rules.ts.
import { z } from "zod";
import { CLAIM_DETAILS_MAX, CLAIM_DETAILS_MIN, CLAIM_MESSAGES, CLAIM_REASONS } from "./claim-rules";
import { positiveNairaAmount } from "./money-schema";
import { CONTROL_CHARACTERS_MESSAGE } from "./text";

/** POST /api/transactions/{reference}/claims body: {reason, details (10-2000 characters, trimmed, lines allowed)}. */
export const createClaimSchema = z.object({
  reason: z.enum(CLAIM_REASONS, { error: CLAIM_MESSAGES.reasonRequired }),
  details: z
    .string({ error: CLAIM_MESSAGES.detailsLength })
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/, { error: CONTROL_CHARACTERS_MESSAGE })
    .trim()
    .min(CLAIM_DETAILS_MIN, { error: CLAIM_MESSAGES.detailsLength })
    .max(CLAIM_DETAILS_MAX, { error: CLAIM_MESSAGES.detailsTooLong }),
});
export type CreateClaimInput = z.input<typeof createClaimSchema>;

/** POST /api/admin/claims/{id}/lien body: {amount: naira > 0}. */
export const claimLienSchema = z.object({ amount: positiveNairaAmount() });
