// Output schemas of the claims router (router/claims.ts), beside its procedures. Amounts go out as naira.
import { CLAIM_REASONS, CLAIM_STATUSES, koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { dateTime, id, message } from "./common.types";

export const claim = z.object({
  id,
  ticketId: id,
  reference: z.string(),
  transactionType: z.string(),
  reason: z.enum(CLAIM_REASONS),
  details: z.string(),
  amount: koboAsNaira,
  status: z.enum(CLAIM_STATUSES),
  lienAmount: koboAsNaira,
  ticketStatus: z.string(),
  answerBy: dateTime,
  decisionBy: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const claims = z.object({ claims: z.array(claim) });
export const held = z.object({ held: koboAsNaira, merchantHeld: koboAsNaira });

export const adminClaim = claim.extend({ userId: id, userName: z.string(), userEmail: z.string(), recipientId: id.nullable() });
export const adminClaims = z.object({ claims: z.array(adminClaim) });
export const adminClaimDetail = z.object({
  claim: adminClaim,
  recipient: z.object({ id, name: z.string(), email: z.string(), wallet: z.enum(["user", "merchant"]), balance: koboAsNaira, held: koboAsNaira }).nullable(),
});
export const lienEnding = z.union([adminClaimDetail.extend({ pending: z.literal(false) }), message.extend({ pending: z.literal(true), approvalId: id })]);
