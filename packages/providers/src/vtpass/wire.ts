// VTpass wire types (https://www.vtpass.com/documentation): the JSON shapes on the wire, checked
// with zod, and the code table of docs/providers.md. Amounts are naira strings or numbers.
import { plainText } from "@kolo/domain";
import { z } from "zod";
import type { PurchaseAnswer } from "../purchases";

const naira = z.union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()]);

/** One variation in `GET /api/service-variations`. */
export const vtpassVariation = z.object({
  variation_code: plainText(),
  name: plainText(),
  variation_amount: naira,
  fixedPrice: plainText().optional(),
});

/** `GET /api/service-variations?serviceID=…` answer; older answers spell the list `varations` (accept both). */
export const vtpassVariations = z.object({
  response_description: plainText(),
  content: z
    .object({
      ServiceName: plainText().optional(),
      serviceID: plainText().optional(),
      convinience_fee: z.unknown().optional(),
      variations: z.array(vtpassVariation).optional(),
      varations: z.array(vtpassVariation).optional(),
    })
    .refine((content) => content.variations !== undefined || content.varations !== undefined, { error: "no variations" }),
});

/** `POST /api/merchant-verify` answer: a name, or `content.error`; meters add their address, type and minimum, smartcards their bouquet. */
export const vtpassVerify = z.object({
  code: plainText().optional(),
  content: z
    .object({
      Customer_Name: plainText().optional(),
      error: plainText().optional(),
      Address: plainText().optional(),
      Meter_Number: z.union([plainText(), z.number()]).optional(),
      Customer_Type: plainText().optional(),
      Min_Purchase_Amount: naira.optional(),
      /** Cable TV (docs/providers.md "Cable TV (VTpass)"): DStv and GOtv; StarTimes answers Balance and Smartcard_Number. */
      Status: plainText().optional(),
      Due_Date: plainText().optional(),
      Customer_Number: z.union([plainText(), z.number()]).optional(),
      Current_Bouquet: plainText().optional(),
      Current_Bouquet_Code: plainText().optional(),
      Renewal_Amount: naira.optional(),
      Balance: z.union([naira, z.number()]).optional(),
      Smartcard_Number: z.union([plainText(), z.number()]).optional(),
    })
    .loose(),
});

/** `POST /api/pay` and `POST /api/requery` answer (only what Kolo reads; the rest is ignored). */
export const vtpassPurchase = z.object({
  code: plainText(),
  response_description: plainText().optional(),
  requestId: plainText().optional(),
  /** Electricity: "Token : 4224-8751-…" (prepaid), with `token` and `units` beside it (docs/providers.md). */
  purchased_code: plainText().optional().nullable(),
  token: plainText().optional().nullable(),
  units: z.union([plainText(), z.number()]).optional().nullable(),
  content: z
    .object({
      transactions: z
        .object({
          status: plainText().optional(),
          transactionId: z.union([plainText(), z.number()]).optional(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional()
    .nullable(),
});

/**
 * The prepaid token of an electricity answer: `token`, else the digits after "Token :" in
 * `purchased_code` (docs/providers.md: which one a disco fills is unconfirmed). Undefined for none.
 */
export function tokenOf(body: Pick<z.infer<typeof vtpassPurchase>, "token" | "purchased_code">): string | undefined {
  const direct = body.token?.replace(/^\s*token\s*:\s*/i, "").trim();
  if (direct) return direct;
  const match = body.purchased_code?.match(/token\s*:?\s*([\d][\d\s-]*\d)/i);
  return match?.[1]?.replace(/\s+/g, "");
}

/** VTpass codes that refuse a /pay request: nothing was bought (docs/providers.md), so its hold is released. */
const PAY_REFUSED_CODES = new Set(["016", "011", "012", "013", "017", "018", "019", "030"]);

/**
 * docs/providers.md's code table as an outcome, for the call that got the answer.
 * - `pay`: `000` reads `content.transactions.status` (delivered; failed or reversed; anything
 *   else pending); `016` and the refusals (011, 012, 013, 017, 018, 019, 030) failed; `099`,
 *   `014` (the request id exists: requery it) and every other code pending.
 * - `requery`: only an answer that states the purchase's fate ends it: `000` with status
 *   delivered (delivered) or failed/reversed (failed), or `016` (failed). Every other code (011,
 *   012, 013, 017, 018, 019, 030, 087, 099, unknown) describes the requery request itself, not
 *   the purchase: pending, asked again later (a delivered purchase must never be refunded on it).
 */
export function toPurchaseAnswer(body: z.infer<typeof vtpassPurchase>, call: "pay" | "requery" = "pay"): PurchaseAnswer {
  const status = body.content?.transactions?.status;
  const rawId = body.content?.transactions?.transactionId;
  const transactionId = rawId === undefined ? undefined : String(rawId);
  const description = body.response_description ?? body.code;
  const token = tokenOf(body);
  const units = body.units === undefined || body.units === null || body.units === "" ? undefined : String(body.units);
  const answer = (outcome: PurchaseAnswer["outcome"]): PurchaseAnswer => ({
    outcome,
    code: body.code,
    description,
    ...(transactionId ? { transactionId } : {}),
    ...(outcome === "delivered" && token ? { token } : {}),
    ...(outcome === "delivered" && units ? { units } : {}),
  });
  if (body.code === "000") {
    if (status === "delivered") return answer("delivered");
    if (status === "failed" || status === "reversed") return answer("failed");
    return answer("pending");
  }
  if (body.code === "016") return answer("failed");
  if (call === "pay" && PAY_REFUSED_CODES.has(body.code)) return answer("failed");
  return answer("pending");
}
