import { z } from "zod";

/**
 * Plain text inputs: no string a client sends may carry control characters (C0 such
 * as NUL U+0000, DEL, C1). PostgreSQL refuses NUL in text, so without this check a NUL answered
 * 500; now every string field answers 400 with this field error.
 */
/**
 * The largest id PostgreSQL's `integer` holds: every id input is bounded by it, so an id beyond
 * it is a 400 like any bad input, never a database error (docs/decisions.md "Security, second round").
 */
export const DB_INT_MAX = 2_147_483_647;

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** True when `value` contains a control character (C0, DEL or C1). */
export const hasControlCharacters = (value: string) => !WITHOUT_CONTROL_CHARACTERS.test(value);

/**
 * `z.string(params)` that refuses control characters with CONTROL_CHARACTERS_MESSAGE; chain
 * `.trim()`, `.min()`, `.max()` after it. Every string input of the API is built on this.
 */
export const plainText = (params?: { error?: string }) => z.string(params).regex(WITHOUT_CONTROL_CHARACTERS, { error: CONTROL_CHARACTERS_MESSAGE });

export const PHONE_MESSAGE = "Phone number must be a valid Nigerian number";

/**
 * A Nigerian phone number in its one stored form, `0` + 10 digits (docs/decisions.md "Identity
 * verification": `+234`, `234` and `0` prefixes are the same number; docs/product.md: a leading 0,
 * 234 or +234 followed by 10 digits). Spaces and hyphens between digits are ignored.
 * "+234 801 234 5678" -> "08012345678"; undefined when it is not such a number.
 */
export function normaliseNigerianPhone(input: string): string | undefined {
  const match = /^(?:\+234|234|0)(\d{10})$/.exec(input.trim().replace(/[\s-]/g, ""));
  return match ? `0${match[1]}` : undefined;
}

function toNigerianPhone(value: string, ctx: z.RefinementCtx): string {
  const phone = normaliseNigerianPhone(value);
  if (phone === undefined) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return phone;
}

/** A required Nigerian phone number, parsed to `0` + 10 digits; PHONE_MESSAGE otherwise. */
export const nigerianPhoneSchema = plainText({ error: PHONE_MESSAGE }).transform(toNigerianPhone);

/** An optional Nigerian phone number: absent, null or blank -> undefined; else as nigerianPhoneSchema. */
export const optionalNigerianPhoneSchema = plainText({ error: PHONE_MESSAGE })
  .nullish()
  .transform((value, ctx) => (value?.trim() ? toNigerianPhone(value, ctx) : undefined));
