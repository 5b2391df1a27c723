// The keyset cursor of the paged lists (docs/performance.md "Flat reads"; docs/decisions.md
// "Keyset cursors"): the id of the last row of the previous page, sent as a string of digits.
import { z } from "zod";
import { DB_INT_MAX } from "./text";

/** The message of a cursor that is not one a list gave (400 VALIDATION, field `cursor`). */
export const CURSOR_MESSAGE = "Cursor is not valid";

/**
 * `cursor`: a list's `nextCursor` (a positive row id as digits, at most DB_INT_MAX) -> the row id
 * as a number. Anything else: 400 VALIDATION with CURSOR_MESSAGE.
 */
export const keysetCursorSchema = z
  .string({ error: CURSOR_MESSAGE })
  .trim()
  .regex(/^[1-9]\d{0,9}$/, { error: CURSOR_MESSAGE })
  .transform(Number)
  .refine((id) => id <= DB_INT_MAX, { error: CURSOR_MESSAGE });
