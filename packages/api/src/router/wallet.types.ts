// Output schemas of the wallet router (router/wallet.ts), beside its procedures.
import { PAYOUT_STATUSES, koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { withTransaction } from "./common.types";

export const topUpStarted = z.object({ authorizationUrl: z.string(), reference: z.string() });

export const topUpVerification = z.object({
  status: z.enum(["success", "pending", "failed"]),
  message: z.string(),
  reference: z.string(),
  amount: koboAsNaira,
});

export const accountNumber = z.object({
  bankName: z.string().nullable(),
  accountNumber: z
    .string()
    .regex(/^\d{10}$/)
    .nullable(),
  accountName: z.string().nullable(),
  status: z.enum(["active", "pending", "unavailable"]),
});

export const withdrawalStatus = withTransaction.extend({ status: z.enum(PAYOUT_STATUSES) });
