// VTpass client over HTTP (https://www.vtpass.com/documentation; docs/providers.md): service
// variations, merchant-verify, pay and requery. GET requests carry `api-key` and `public-key`,
// POST requests `api-key` and `secret-key`. Points at vtpass.com or at the sandbox the server mounts.
import { koboToNaira, variationAmountKobo } from "@kolo/domain";
import type { z } from "zod";
import { PaymentGatewayError } from "../payment-gateway";
import type { DataVariation, PayInput, PurchaseAnswer, PurchaseProvider, VerifiedMeter, VerifiedSmartcard } from "../purchases";
import { toPurchaseAnswer, vtpassPurchase, vtpassVariations, vtpassVerify } from "./wire";

export interface VtpassClientOptions {
  /** e.g. https://vtpass.com/api (live) or https://sandbox.vtpass.com/api. */
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** How long a call may take before it counts as "no answer" (VTPASS_TIMEOUT_MS; default 30 s). */
  timeoutMs?: number;
}

export const VTPASS_DEFAULT_TIMEOUT_MS = 30_000;

/** Data plans change rarely: one answer per serviceID is reused for this long. */
const VARIATIONS_TTL_MS = 5 * 60_000;

type Sent = { ok: true; status: number; json: unknown } | { ok: false; reason: string };

export class VtpassClient implements PurchaseProvider {
  private readonly variations = new Map<string, { at: number; plans: DataVariation[] }>();

  constructor(private readonly options: VtpassClientOptions) {}

  /** One HTTP call; never throws: a timeout, a closed connection or a non-JSON body is `{ok: false}`. */
  private async send(method: "GET" | "POST", path: string, body?: unknown): Promise<Sent> {
    const headers: Record<string, string> = { "api-key": this.options.apiKey, Accept: "application/json" };
    if (method === "GET") headers["public-key"] = this.options.publicKey;
    else headers["secret-key"] = this.options.secretKey;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, "")}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? VTPASS_DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const name = (error as Error).name;
      return { ok: false, reason: name === "TimeoutError" || name === "AbortError" ? "timeout: no answer in time" : `no answer: ${(error as Error).message}` };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { ok: false, reason: `answer cut off: ${(error as Error).message}` };
    }
    try {
      return { ok: true, status: response.status, json: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, reason: `HTTP ${response.status} with a body that is not JSON` };
    }
  }

  private async read<T extends z.ZodType>(method: "GET" | "POST", path: string, schema: T, body?: unknown): Promise<z.infer<T>> {
    const sent = await this.send(method, path, body);
    if (!sent.ok) throw new PaymentGatewayError(`VTpass ${path}: ${sent.reason}`);
    const parsed = schema.safeParse(sent.json);
    if (sent.status >= 400 || !parsed.success) throw new PaymentGatewayError(`VTpass ${path} answered HTTP ${sent.status}`, sent.status);
    return parsed.data;
  }

  /** `GET /service-variations?serviceID=…`: the plans with their prices in kobo; cached for 5 minutes. */
  async listVariations(serviceId: string): Promise<DataVariation[]> {
    const cached = this.variations.get(serviceId);
    if (cached && Date.now() - cached.at < VARIATIONS_TTL_MS) return cached.plans;
    const body = await this.read("GET", `/service-variations?serviceID=${encodeURIComponent(serviceId)}`, vtpassVariations);
    const plans: DataVariation[] = [];
    for (const variation of body.content.variations ?? body.content.varations ?? []) {
      const amountKobo = variationAmountKobo(variation.variation_amount);
      if (amountKobo === undefined) continue; // a plan without a price cannot be sold
      plans.push({
        variationCode: variation.variation_code,
        name: variation.name,
        amount: koboToNaira(amountKobo).toFixed(2),
        amountKobo,
        fixedPrice: (variation.fixedPrice ?? "Yes") === "Yes",
      });
    }
    this.variations.set(serviceId, { at: Date.now(), plans });
    return plans;
  }

  /** `POST /merchant-verify {billersCode, serviceID}` -> Customer_Name; PaymentGatewayError 404 when there is none. */
  async verifyCustomer(serviceId: string, billersCode: string): Promise<{ customerName: string }> {
    const body = await this.read("POST", "/merchant-verify", vtpassVerify, { billersCode, serviceID: serviceId });
    const name = body.content.Customer_Name?.trim();
    if (!name) throw new PaymentGatewayError("VTpass could not verify this customer", 404, body.content.error);
    return { customerName: name };
  }

  /**
   * `POST /merchant-verify {billersCode, serviceID, type}` for a meter -> its holder, address, type
   * and minimum (kobo); PaymentGatewayError 404 when the disco answers `content.error`.
   */
  async verifyMeter(serviceId: string, meterNumber: string, type: "prepaid" | "postpaid"): Promise<VerifiedMeter> {
    const body = await this.read("POST", "/merchant-verify", vtpassVerify, { billersCode: meterNumber, serviceID: serviceId, type });
    const name = body.content.Customer_Name?.trim();
    if (!name || body.content.error) throw new PaymentGatewayError("VTpass could not verify this meter", 404, body.content.error);
    const minimum = body.content.Min_Purchase_Amount === undefined ? undefined : variationAmountKobo(body.content.Min_Purchase_Amount);
    return {
      customerName: name,
      address: body.content.Address?.trim() ?? "",
      meterNumber: body.content.Meter_Number === undefined ? meterNumber : String(body.content.Meter_Number),
      customerType: body.content.Customer_Type?.trim() ?? type.toUpperCase(),
      ...(minimum !== undefined ? { minimumKobo: minimum } : {}),
    };
  }

  /**
   * `POST /merchant-verify {billersCode, serviceID}` for a cable TV smartcard -> its holder, status,
   * due date, current bouquet and renewal amount (kobo), or StarTimes' name and balance;
   * PaymentGatewayError 404 when the provider answers `content.error` (docs/providers.md "Cable TV (VTpass)").
   */
  async verifySmartcard(serviceId: string, smartcardNumber: string): Promise<VerifiedSmartcard> {
    const body = await this.read("POST", "/merchant-verify", vtpassVerify, { billersCode: smartcardNumber, serviceID: serviceId });
    const content = body.content;
    const name = content.Customer_Name?.trim();
    if (!name || content.error) throw new PaymentGatewayError("VTpass could not verify this smartcard", 404, content.error);
    const text = (value: string | number | undefined) => (value === undefined || String(value).trim() === "" ? undefined : String(value).trim());
    const renewal = content.Renewal_Amount === undefined ? undefined : variationAmountKobo(content.Renewal_Amount);
    const balance = content.Balance === undefined ? undefined : Number(content.Balance) === 0 ? 0n : variationAmountKobo(content.Balance);
    const card: VerifiedSmartcard = { customerName: name, smartcardNumber: text(content.Smartcard_Number) ?? smartcardNumber };
    const fields = {
      status: text(content.Status),
      dueDate: text(content.Due_Date),
      currentBouquet: text(content.Current_Bouquet),
      currentBouquetCode: text(content.Current_Bouquet_Code),
    };
    for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string | undefined][]) if (value !== undefined) card[key] = value;
    if (renewal !== undefined && renewal > 0n) card.renewalAmountKobo = renewal;
    if (balance !== undefined) card.balanceKobo = balance;
    return card;
  }

  private async purchaseCall(path: "/pay" | "/requery", body: unknown): Promise<PurchaseAnswer> {
    const sent = await this.send("POST", path, body);
    if (!sent.ok) return { outcome: "pending", description: sent.reason };
    const parsed = vtpassPurchase.safeParse(sent.json);
    // VTpass's rule: an answer outside the code table is pending (requery settles it).
    if (!parsed.success) return { outcome: "pending", description: `HTTP ${sent.status} with an answer outside VTpass's shape` };
    return toPurchaseAnswer(parsed.data, path === "/pay" ? "pay" : "requery");
  }

  /**
   * `POST /pay`: airtime `{request_id, serviceID, amount, phone}`, data `{…, billersCode,
   * variation_code, phone}`, electricity `{…, billersCode: meter, variation_code: meter type,
   * amount, phone}`, cable TV `{…, billersCode: smartcard, variation_code (change only), amount,
   * phone, subscription_type, quantity}`: each field is sent when the input has it.
   */
  async pay(input: PayInput): Promise<PurchaseAnswer> {
    return this.purchaseCall("/pay", {
      request_id: input.requestId,
      serviceID: input.serviceId,
      ...(input.billersCode !== undefined ? { billersCode: input.billersCode } : {}),
      ...(input.variationCode !== undefined ? { variation_code: input.variationCode } : {}),
      ...(input.amountKobo !== undefined ? { amount: koboToNaira(input.amountKobo) } : {}),
      phone: input.phone,
      ...(input.subscriptionType !== undefined ? { subscription_type: input.subscriptionType } : {}),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    });
  }

  /** `POST /requery {request_id}`: the purchase's state now, read like pay's answer. */
  async requery(requestId: string): Promise<PurchaseAnswer> {
    return this.purchaseCall("/requery", { request_id: requestId });
  }
}
