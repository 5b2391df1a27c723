import { z } from "zod";

/**
 * What a typed naira amount means. One rule for every amount field:
 *
 * - optional spaces around, an optional leading '₦';
 * - whole naira as plain digits ('1000') or with commas between groups of three digits
 *   ('1,000', '12,345,678'); any other comma ('1,00', '10,00,000', '1,,000') is refused, because
 *   a comma after one or two digits may be a decimal comma and guessing could be off by 100x;
 * - an optional '.' with at most 2 decimal digits ('1,000.5', '1000.50', '.5', '5.');
 * - nothing else: no minus or plus sign, no exponent ('1e3'), no letters, no spaces inside.
 *
 * Zero parses (it is a number); "greater than zero" and the bounds of each operation are the
 * operation's own rules (positiveNairaAmount, assertTopUpAmount, ...).
 */
export const NAIRA_INPUT_MESSAGES = {
  empty: "Please enter a valid amount",
  negative: "Amount must be positive",
  notANumber: "Use digits only, like 1,000 or 1,000.50",
  grouping: "Put commas between groups of three digits, like 1,000",
  decimals: "Amount can have at most 2 decimals",
  tooLarge: "Amount is too large",
} as const;

export type NairaInputResult = { ok: true; naira: number; kobo: bigint } | { ok: false; error: string };

/** Whole-naira digits: plain, or grouped in threes with commas. */
const WHOLE = /^(?:\d+|\d{1,3}(?:,\d{3})+)$/;
/** Largest amount any field takes: below ₦10 billion, the wire schema's bound (positiveNairaAmount). */
const MAX_KOBO = 1_000_000_000_000n;

/**
 * Parses what a user typed into a naira amount field. Answers the amount in naira (a number with
 * at most 2 decimals, for the wire) and in kobo (exact, computed from the digits, never through a
 * float), or the message to show under the field (NAIRA_INPUT_MESSAGES).
 * parseNairaInput("1,000.50") -> {ok, naira: 1000.5, kobo: 100050n}; "1e3", "-5", "1.234",
 * "abc", "1,00" -> {ok: false, error}.
 */
export function parseNairaInput(text: string): NairaInputResult {
  const value = text.trim().replace(/^₦\s*/, "");
  if (value === "") return { ok: false, error: NAIRA_INPUT_MESSAGES.empty };
  if (/^[-−–]/.test(value)) return { ok: false, error: NAIRA_INPUT_MESSAGES.negative };
  if (!/^[\d,.]+$/.test(value)) return { ok: false, error: NAIRA_INPUT_MESSAGES.notANumber };
  const parts = value.split(".");
  if (parts.length > 2) return { ok: false, error: NAIRA_INPUT_MESSAGES.notANumber };
  const [whole = "", fraction = ""] = parts;
  if (fraction.includes(",")) return { ok: false, error: NAIRA_INPUT_MESSAGES.grouping };
  if (whole === "" && fraction === "") return { ok: false, error: NAIRA_INPUT_MESSAGES.notANumber };
  if (whole !== "" && !WHOLE.test(whole)) return { ok: false, error: NAIRA_INPUT_MESSAGES.grouping };
  if (fraction.length > 2) return { ok: false, error: NAIRA_INPUT_MESSAGES.decimals };
  const kobo = BigInt(whole.replaceAll(",", "") || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  if (kobo >= MAX_KOBO) return { ok: false, error: NAIRA_INPUT_MESSAGES.tooLarge };
  return { ok: true, naira: Number(kobo) / 100, kobo };
}

/**
 * Zod schema for the text of an amount field: parses with parseNairaInput to a naira number, or
 * fails with its message. Pipe it into the operation's own schema, e.g.
 * `nairaInputText.pipe(positiveNairaAmount())`, so forms and procedures share the amount rules.
 */
export const nairaInputText = z.string().transform((text, ctx) => {
  const parsed = parseNairaInput(text);
  if (parsed.ok) return parsed.naira;
  ctx.addIssue({ code: "custom", message: parsed.error });
  return z.NEVER;
});
