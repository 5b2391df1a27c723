/** How the server reaches Paystack (docs/providers.md "Paystack"); no secret key = the built-in sandbox. */
export interface PaystackSettings {
  /** PAYSTACK_SECRET_KEY. */
  secretKey?: string;
  /** PAYSTACK_BASE_URL (https://api.paystack.co). */
  baseUrl: string;
}
