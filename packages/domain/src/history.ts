import { z } from "zod";
import { keysetCursorSchema } from "./cursor";
import { STATEMENT_MESSAGES, lagosDaySchema } from "./statements";

/**
 * The History screen's tabs and the transaction types each shows (docs/product.md "History").
 * The spec's tabs are All, Top-up, Transfer, Payment and Airtime; 'Bills' sits beside them
 * (docs/decisions.md "History filters"): every bill bought through VTpass. With Bills there,
 * 'Airtime' shows what its name says: airtime and data bundles.
 */
export const HISTORY_TABS = {
  all: { label: "All", types: null },
  topup: { label: "Top-up", types: ["topup"] },
  transfer: { label: "Transfer", types: ["transfer", "p2p"] },
  payment: { label: "Payment", types: ["payment"] },
  airtime: { label: "Airtime", types: ["airtime", "data"] },
  bills: { label: "Bills", types: ["airtime", "data", "electricity", "cable"] },
} as const satisfies Record<string, { label: string; types: readonly string[] | null }>;
export type HistoryTab = keyof typeof HISTORY_TABS;

/**
 * Types whose records never name a user as sender: money that comes from outside (a top-up).
 * The database holds it (check transactions_parties_by_type), so History skips the sent side of a
 * tab made of them instead of walking every record the user sent (docs/performance.md "At scale").
 */
export const TYPES_WITHOUT_SENDER = ["topup"] as const;

/**
 * Types whose records never name a user as recipient: money that leaves Kolo (a bank payout, a
 * bill). Held by the same check; History skips the received side of a tab made of them.
 */
export const TYPES_WITHOUT_RECIPIENT = ["transfer", "airtime", "data", "electricity", "cable"] as const;
export const HISTORY_TAB_KEYS = Object.keys(HISTORY_TABS) as HistoryTab[];

/** The most rows one History list answer holds (the spec's list: the newest 500). */
export const HISTORY_LIST_MAX = 500;

/** The longest search text the History search takes, in characters. */
export const MAX_HISTORY_SEARCH = 100;

/**
 * GET /api/transactions?tab&q&from&to, every part optional: `tab` one of HISTORY_TAB_KEYS; `q`
 * (trimmed, at most MAX_HISTORY_SEARCH characters) matched, ignoring case, inside the description,
 * the reference or a party's name or phone; `from`/`to` Lagos calendar days (YYYY-MM-DD), both
 * included, `to` not before `from`; `cursor` (the `id` of the last row already shown) and `limit`
 * page through the list by keyset (docs/performance.md "Flat reads"). A bad part is a 400
 * (VALIDATION) naming its field.
 */
export const historyQuerySchema = z
  .object({
    tab: z.enum(HISTORY_TAB_KEYS as [HistoryTab, ...HistoryTab[]], { error: "Choose a History tab" }).optional(),
    q: z
      .string()
      .trim()
      .max(MAX_HISTORY_SEARCH, { error: `Search with at most ${MAX_HISTORY_SEARCH} characters` })
      .optional(),
    from: lagosDaySchema.optional(),
    to: lagosDaySchema.optional(),
    /** The id of the last row already shown: the rows after it, by keyset (cursor.ts). */
    cursor: keysetCursorSchema.optional(),
    /** At most this many rows, 1..HISTORY_LIST_MAX (default HISTORY_LIST_MAX). */
    limit: z.coerce.number().int().min(1).max(HISTORY_LIST_MAX).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: STATEMENT_MESSAGES.order });
  });
export type HistoryQuery = z.output<typeof historyQuerySchema>;
