// Output schemas of the receipts router (router/receipts.ts), beside its procedures.
import { schema } from "@kolo/db";
import { z } from "zod";
import { koboAsNaira } from "@kolo/domain";
import { isoDateTime } from "./common.types";

const party = z.object({ name: z.string(), account: z.string().nullable() });

/** What anyone holding a receipt's code may see (no sign-in): nothing else. */
export const publicReceipt = z.strictObject({
  reference: z.string(),
  type: z.enum(schema.transactionType.enumValues),
  title: z.string(),
  status: z.string(),
  amount: koboAsNaira,
  fee: koboAsNaira,
  createdAt: isoDateTime,
  date: z.string(),
  from: party,
  to: party,
  /** The sender's note on a transfer, null when none. */
  narration: z.string().nullable(),
});

export const receipt = publicReceipt.extend({
  direction: z.enum(["credit", "debit"]),
  total: koboAsNaira,
  description: z.string(),
  providerReference: z.string().nullable(),
  /** The kind's own lines (an electricity token and units). */
  extraLines: z.array(z.object({ label: z.string(), value: z.string() })),
  verifyCode: z.string().regex(/^[a-z2-7]{16}$/),
  verifyUrl: z.url(),
  /** Held by fraud monitoring (docs/product.md "Fraud controls"): shown as 'Under review'. */
  underReview: z.boolean(),
});
