// Paystack client over HTTP (https://paystack.com/docs/api/transaction): initialize and verify a
// transaction, and check webhook signatures. Amounts are kobo on the wire; the secret key goes
// in the Authorization header. Points at api.paystack.co or at the sandbox the server mounts.
import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import {
  type InitializeChargeInput,
  type InitializedCharge,
  type PaymentGateway,
  PaymentGatewayError,
  type VerifiedCharge,
} from "../payment-gateway";
import { envelope, initializeData, paystackSignature, paystackTransaction, toVerifiedCharge } from "./wire";

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
