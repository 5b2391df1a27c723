// Paystack client over HTTP (https://paystack.com/docs/api/transaction): initialize and verify a
// transaction, and check webhook signatures. Amounts are kobo on the wire; the secret key goes
// in the Authorization header. Points at api.paystack.co or at the sandbox the server mounts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { plainText } from "@kolo/domain";
import { z } from "zod";
import {
  type ChargeStatus,
  type InitializeChargeInput,
  type InitializedCharge,
  type PaymentGateway,
  PaymentGatewayError,
  type VerifiedCharge,
} from "./payment-gateway";

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data: data.optional().nullable() });

const initializeData = z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() });

/** The transaction object in verify answers and in webhook `data`; no string may carry control characters (they reach the database). */
export const paystackTransaction = z.object({
  reference: plainText(),
  status: plainText(),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  currency: plainText(),
  fees: z.union([z.number().int(), z.string().regex(/^\d+$/)]).nullable().optional(),
  paid_at: plainText().nullable().optional(),
  channel: plainText().nullable().optional(),
  gateway_response: plainText().nullable().optional(),
});

/** Maps a Paystack transaction object to a VerifiedCharge (kobo as bigint). */
export function toVerifiedCharge(data: z.infer<typeof paystackTransaction>): VerifiedCharge {
  return {
    reference: data.reference,
    status: data.status as ChargeStatus,
    amountKobo: BigInt(data.amount),
    currency: data.currency,
    feesKobo: data.fees === null || data.fees === undefined ? null : BigInt(data.fees),
    paidAt: data.paid_at ?? null,
    channel: data.channel ?? null,
    gatewayResponse: data.gateway_response ?? null,
  };
}

/** HMAC-SHA512 hex of `rawBody` with `secretKey`: Paystack's x-paystack-signature. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export class PaystackClient implements PaymentGateway {
  constructor(
    private readonly options: { baseUrl: string; secretKey: string; timeoutMs?: number },
  ) {}

  private async request<T extends z.ZodType>(method: "GET" | "POST", path: string, data: T, body?: unknown): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, "")}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.options.secretKey}`, "Content-Type": "application/json", Accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(`Payment gateway unreachable: ${(error as Error).message}`);
    }
    const json = await response.json().catch(() => null);
    const parsed = envelope(data).safeParse(json);
    if (!response.ok || !parsed.success || !parsed.data.status || !parsed.data.data) {
      const message = (json as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
      throw new PaymentGatewayError(`Payment gateway refused ${method} ${path}: ${message}`, response.status);
    }
    return parsed.data.data;
  }

  async initializeCharge(input: InitializeChargeInput): Promise<InitializedCharge> {
    const data = await this.request("POST", "/transaction/initialize", initializeData, {
      email: input.email,
      amount: input.amountKobo.toString(),
      currency: "NGN",
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    return { authorizationUrl: data.authorization_url, accessCode: data.access_code, reference: data.reference };
  }

  async verifyCharge(reference: string): Promise<VerifiedCharge> {
    const data = await this.request("GET", `/transaction/verify/${encodeURIComponent(reference)}`, paystackTransaction);
    return toVerifiedCharge(data);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = Buffer.from(paystackSignature(rawBody, this.options.secretKey), "hex");
    return timingSafeEqual(expected, Buffer.from(signature, "hex"));
  }
}
