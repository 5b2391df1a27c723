import { INVOICE_TOKEN_PATTERN, LINK_SLUG_PATTERN } from "@kolo/domain";
import { optionalPositiveInt, optionalPositiveNumber, optionalString } from "../../lib/search";

export interface ConfirmationSearch {
  merchantId?: number;
  merchantName?: string;
  amount?: number;
  /** An invoice's payment-link token (never its id: docs/decisions.md "Security, second round"). */
  invoiceToken?: string;
  /** A payment link's slug (docs/product.md "Payment links"): paid from the wallet. */
  linkSlug?: string;
}

/** Query merchantId, merchantName, amount, invoiceToken (docs/product.md#merchants-and-invoices; the invoice by its token). */
export const searchSchema = (search: Record<string, unknown>): ConfirmationSearch => ({
  merchantId: optionalPositiveInt(search.merchantId),
  merchantName: optionalString(search.merchantName),
  amount: optionalPositiveNumber(search.amount),
  linkSlug: ((slug) => (slug !== undefined && LINK_SLUG_PATTERN.test(slug) ? slug : undefined))(optionalString(search.linkSlug)),
  invoiceToken: ((token) => (token !== undefined && INVOICE_TOKEN_PATTERN.test(token) ? token : undefined))(optionalString(search.invoiceToken)),
});
