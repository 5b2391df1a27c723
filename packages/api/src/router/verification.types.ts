// Output schemas of the verification router (router/verification.ts), beside its procedures.
import { z } from "zod";
import { koboAsNaira } from "@kolo/domain";
import { isoDateTime } from "./common.types";

export const verificationStatus = z.object({
  verificationLevel: z.number().int(),
  bvnVerified: z.boolean(),
  bankAccountVerified: z.boolean(),
  level: z.number().int(),
  bankVerified: z.boolean(),
  verificationDetails: z.object({
    verificationAttempts: z.number().int(),
    verificationStatus: z.enum(["unverified", "partially_verified", "fully_verified", "blocked"]),
    maxAttempts: z.number().int(),
    bvnLast4: z.string().nullable(),
    resetAvailableAt: isoDateTime.nullable(),
  }),
});

export const transactionLimit = z.object({ currentLimit: koboAsNaira, currentLevel: z.number().int() });

export const verificationAnswer = z.object({ success: z.boolean(), message: z.string(), verificationLevel: z.number().int() });
