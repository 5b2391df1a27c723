/**
 * QR payment links (docs/decisions.md; docs/product.md#merchants-and-invoices "Scanned
 * link"): `kolo://pay/{merchant|p2p}/{numeric id}` and `kolo://pay/invoice/{token}` (an invoice is
 * reached by its unguessable token, never its id: docs/decisions.md "Security, second round"),
 * with the optional query parameters `name` (URL-encoded) and `amount` (decimal naira). Anything
 * else decodes to nothing (null).
 */
export const PAYMENT_LINK_PREFIX = "kolo://pay/";

export const PAYMENT_LINK_TYPES = ["merchant", "invoice", "p2p"] as const;
export type PaymentLinkType = (typeof PAYMENT_LINK_TYPES)[number];

/**
 * A decoded payment link, in docs/product.md#merchants-and-invoices's shape. `amount` is naira (at most 2 decimals, > 0).
 * merchant: merchantId, merchantName?, amount?; invoice: invoiceToken, merchantName?, amount?;
 * p2p: userId, userName?, amount?.
 */
export type PaymentQrPayload =
  | { type: "merchant"; merchantId: number; merchantName?: string; amount?: number }
  | { type: "invoice"; invoiceToken: string; merchantName?: string; amount?: number }
  | { type: "p2p"; userId: number; userName?: string; amount?: number };

/** docs/product.md#merchants-and-invoices texts for a code that is not a payment link, and for the scanner's other failures (and the camera's). */
export const PAYMENT_LINK_MESSAGES = {
  invalidTitle: "Invalid QR Code",
  invalid: "This doesn't appear to be a valid payment QR code of the product.",
  processingFailed: "Something went wrong. Please try again.",
  merchantNotFoundTitle: "Merchant Not Found",
  merchantNotFound: "Could not find merchant details. The QR code may be invalid.",
  invalidTransferTitle: "Invalid Transfer",
  toSelf: "You cannot transfer money to yourself.",
  cameraDenied: "Camera access denied. Please allow camera access to scan QR codes.",
  cameraUnavailable: "Unable to access camera",
} as const;

// kolo://pay/{type}/{id} then an optional query; the id is a positive integer without a leading 0,
// or an invoice's token.
const LINK = /^kolo:\/\/pay\/([a-z0-9]+)\/([A-Za-z0-9_-]+)(?:\?(.*))?$/;
const NUMERIC_ID = /^[1-9][0-9]*$/;
/** An invoice's payment-link token: base64url, 32 characters from the server (192 bits); 22-64 accepted. */
export const INVOICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
// Decimal naira: digits, optionally a point and 1-2 decimals (no sign, exponent or spaces).
const AMOUNT = /^(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?$/;
const MAX_AMOUNT = 10_000_000_000;

const isType = (value: string): value is PaymentLinkType => (PAYMENT_LINK_TYPES as readonly string[]).includes(value);

/**
 * Decodes a scanned text into a payment payload, or null when it is not a valid payment link:
 * wrong or missing scheme, missing or non-numeric id, unknown type, extra path segments, a query
 * parameter other than `name`/`amount` or given twice, an empty name, or an amount that is not a
 * positive decimal naira number below ₦10 billion with at most 2 decimals. Never throws: an
 * unexpected decoding error counts as invalid (docs/product.md#merchants-and-invoices).
 */
export function parsePaymentLink(text: string): PaymentQrPayload | null {
  try {
    const match = LINK.exec(text.trim());
    if (!match) return null;
    const [, type = "", idText = "", query] = match;
    if (!isType(type)) return null;
    if (type === "invoice" ? !INVOICE_TOKEN_PATTERN.test(idText) : !NUMERIC_ID.test(idText)) return null;
    const id = Number(idText);
    if (type !== "invoice" && !Number.isSafeInteger(id)) return null;
    let name: string | undefined;
    let amount: number | undefined;
    if (query !== undefined && query !== "") {
      const params = new URLSearchParams(query);
      const keys = [...params.keys()];
      if (new Set(keys).size !== keys.length || keys.some((key) => key !== "name" && key !== "amount")) return null;
      const rawName = params.get("name");
      if (rawName !== null) {
        name = rawName.trim();
        if (name === "" || name.length > 200) return null;
      }
      const rawAmount = params.get("amount");
      if (rawAmount !== null) {
        if (!AMOUNT.test(rawAmount)) return null;
        amount = Number(rawAmount);
        if (!(amount > 0) || amount >= MAX_AMOUNT) return null;
      }
    }
    const extras = { ...(amount !== undefined ? { amount } : {}) };
    if (type === "merchant") return { type, merchantId: id, ...(name !== undefined ? { merchantName: name } : {}), ...extras };
    if (type === "invoice") return { type, invoiceToken: idText, ...(name !== undefined ? { merchantName: name } : {}), ...extras };
    return { type, userId: id, ...(name !== undefined ? { userName: name } : {}), ...extras };
  } catch {
    return null;
  }
}

/** Naira as the link writes it: up to 2 decimals, no trailing zeros (1000, 12.5, 0.05). */
function formatLinkAmount(naira: number): string {
  return String(Math.round(naira * 100) / 100);
}

/**
 * Builds the link a QR code carries (the inverse of parsePaymentLink): the id, then `name`
 * (URL-encoded) and `amount` (naira) when given. Throws RangeError for an id that is not a
 * positive integer or an amount that is not a positive naira number with at most 2 decimals.
 */
export function buildPaymentLink(payload: PaymentQrPayload): string {
  const id = payload.type === "merchant" ? payload.merchantId : payload.type === "invoice" ? payload.invoiceToken : payload.userId;
  if (typeof id === "string" ? !INVOICE_TOKEN_PATTERN.test(id) : !Number.isSafeInteger(id) || id <= 0)
    throw new RangeError("Payment link id must be a positive integer or an invoice token");
  const name = payload.type === "p2p" ? payload.userName : payload.merchantName;
  const query: string[] = [];
  if (name !== undefined && name.trim() !== "") query.push(`name=${encodeURIComponent(name.trim())}`);
  if (payload.amount !== undefined) {
    const text = formatLinkAmount(payload.amount);
    if (!(payload.amount > 0) || Number(text) !== payload.amount || payload.amount >= MAX_AMOUNT) {
      throw new RangeError("Payment link amount must be a positive naira amount with at most 2 decimals");
    }
    query.push(`amount=${text}`);
  }
  return `${PAYMENT_LINK_PREFIX}${payload.type}/${id}${query.length ? `?${query.join("&")}` : ""}`;
}

/**
 * Where the scanner sends a decoded payload (docs/product.md#merchants-and-invoices): merchant ->
 * /payment-confirmation?merchantId&amount&merchantName; invoice -> /payment-confirmation?invoiceToken;
 * p2p -> /transfer?userId&amount. Absent values are left out of the query.
 */
export function paymentLinkTarget(payload: PaymentQrPayload): { to: "/payment-confirmation" | "/transfer"; search: Record<string, string> } {
  const search: Record<string, string> = {};
  if (payload.type === "invoice") {
    search.invoiceToken = payload.invoiceToken;
    return { to: "/payment-confirmation", search };
  }
  if (payload.type === "merchant") search.merchantId = String(payload.merchantId);
  else search.userId = String(payload.userId);
  if (payload.amount !== undefined) search.amount = String(payload.amount);
  if (payload.type === "merchant" && payload.merchantName !== undefined) search.merchantName = payload.merchantName;
  return { to: payload.type === "merchant" ? "/payment-confirmation" : "/transfer", search };
}
