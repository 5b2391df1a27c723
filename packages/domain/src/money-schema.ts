// The wire schema of a naira amount, apart from money.ts so that formatting and converting money
// never load zod (the signed-in screens' first JavaScript, docs/performance.md).
import { z } from "zod";
import { koboToNaira, nairaToKobo } from "./money";

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * THE naira codec (docs/decisions/money-and-ledger.md): naira number on the wire <-> kobo bigint
 * inside. Decoding (an input: naira -> kobo) is nairaToKobo; encoding (kobo -> naira) koboToNaira.
 * No other code converts between the two, except display formatting.
 */
export const nairaCodec = z.codec(z.number(), z.bigint(), { decode: (naira) => nairaToKobo(naira), encode: (kobo) => koboToNaira(kobo) });

/**
 * The naira codec read the other way, for output schemas: tRPC parses (decodes) a procedure's
 * answer, so an answer's amount decodes from kobo to naira by encoding it with nairaCodec.
 */
export const koboAsNaira = z.codec(z.bigint(), z.number().meta({ description: "naira" }), {
  decode: (kobo) => z.encode(nairaCodec, kobo),
  encode: (naira) => z.decode(nairaCodec, naira),
});

/** A naira amount on the wire that `inRange` accepts (else `message`): finite, at most 2 decimals, below ₦10 billion; parses to kobo. */
const nairaAmount = (inRange: (value: number) => boolean, message: string) =>
  z
    .number({ error: "Please enter a valid amount" })
    .refine(Number.isFinite, { message: "Please enter a valid amount" })
    .refine(inRange, { message })
    .refine(hasAtMostTwoDecimals, { message: "Amount can have at most 2 decimals" })
    .refine((value) => value < 10_000_000_000, { message: "Amount is too large" })
    .pipe(nairaCodec);

/**
 * An amount as an admin audit row stores it: integer kobo (a JSON number), under a key ending in
 * `Kobo` (`amountKobo`, `balanceKobo`, `valueKobo`, `creditedKobo`): no stored amount is in naira
 * (docs/decisions/money-and-ledger.md).
 */
export const auditKobo = (kobo: bigint): number => Number(kobo);

/**
 * An audit row's before/after as the admin reads it (GET /api/admin/audit): each number under a key
 * ending in `Kobo` goes out in naira through nairaCodec under the key without it (`amountKobo:
 * 150000` -> `amount: 1500`); everything else as stored.
 */
export function auditForWire(record: Record<string, unknown> | null): Record<string, unknown> | null {
  if (record === null) return null;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) =>
      key.endsWith("Kobo") && typeof value === "number" && Number.isSafeInteger(value)
        ? [key.slice(0, -"Kobo".length), z.encode(nairaCodec, BigInt(value))]
        : [key, value],
    ),
  );
}

/**
 * A DomainError's `details` as the client reads them: a kobo (bigint) figure among them, such as a
 * daily limit's `remainingAllowance`, goes out as naira through nairaCodec; the rest as is. Used by
 * the one error formatter of tRPC and REST (packages/api/src/trpc.ts publicError).
 */
export function wireErrorDetails(details: unknown): unknown {
  if (typeof details !== "object" || details === null || Array.isArray(details)) return details;
  return Object.fromEntries(Object.entries(details).map(([key, value]) => [key, typeof value === "bigint" ? z.encode(nairaCodec, value) : value]));
}

/**
 * Zod schema for a positive naira amount on the wire: finite, > 0, at most 2 decimals,
 * below ₦10 billion. Parses to kobo (bigint) through nairaCodec. docs/decisions.md.
 */
export const positiveNairaAmount = (message = "Amount must be positive") => nairaAmount((value) => value > 0, message);

/** A naira amount that may be ₦0 (a limit the user sets), otherwise as positiveNairaAmount. */
export const nonNegativeNairaAmount = (message = "Amount cannot be negative") => nairaAmount((value) => value >= 0, message);
