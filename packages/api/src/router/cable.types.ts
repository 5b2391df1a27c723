// Output schemas of the cable TV router (router/cable.ts), beside its procedures.
import { CABLE_PROVIDER_IDS, koboAsNaira } from "@kolo/domain";
import { z } from "zod";

export const bouquets = z.array(z.object({ code: z.string(), name: z.string(), amount: koboAsNaira }));

export const smartcard = z.object({
  provider: z.enum(CABLE_PROVIDER_IDS),
  smartcardNumber: z.string(),
  customerName: z.string(),
  status: z.string().nullable(),
  currentBouquet: z.string().nullable(),
  currentBouquetCode: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Naira; null when the provider states none (StarTimes): a bouquet must then be chosen. */
  renewalAmount: koboAsNaira.nullable(),
});
