// The wire schema of a naira amount, apart from money.ts so that formatting and converting money
// never load zod (the signed-in screens' first JavaScript, docs/performance.md).
import { z } from "zod";
import { nairaToKobo } from "./money";

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * Zod schema for a positive naira amount on the wire: finite, > 0, at most 2 decimals,
 * below ₦10 billion. Parses to kobo (bigint). docs/decisions.md.
 */
export const positiveNairaAmount = (message = "Amount must be positive") =>
  z
    .number({ error: "Please enter a valid amount" })
    .refine(Number.isFinite, { message: "Please enter a valid amount" })
    .refine((value) => value > 0, { message })
    .refine(hasAtMostTwoDecimals, { message: "Amount can have at most 2 decimals" })
    .refine((value) => value < 10_000_000_000, { message: "Amount is too large" })
    .transform((value) => nairaToKobo(value));
