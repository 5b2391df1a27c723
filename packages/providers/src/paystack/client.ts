// Paystack client over HTTP (https://paystack.com/docs/api): card transactions (initialize,
// verify), banks and account resolution, BVN lookup, transfer recipients, transfers and their
// verification, and webhook signatures. Amounts are kobo on the wire; the secret key goes
// in the Authorization header. Points at api.paystack.co or at the sandbox the server mounts.
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Bank, BankingProvider, BvnRecord, DedicatedAccount, NewCustomer, PayoutTransfer, ResolvedAccount, TransferRecipient } from "../banking";
import {
  type GatewayRefund,
  type InitializeChargeInput,
  type InitializedCharge,
  type PaymentGateway,
  PaymentGatewayError,
  type ProviderRange,
  type VerifiedCharge,
} from "../payment-gateway";
import {
  envelope,
  initializeData,
  listPage,
  paystackBank,
  paystackBvn,
  paystackCustomer,
  paystackRefund,
  paystackDedicatedAccount,
  paystackRecipient,
  paystackResolvedAccount,
  paystackSignature,
  paystackTransaction,
  paystackTransfer,
  toPayoutTransfer,
  toVerifiedCharge,
} from "./wire";

/** How many list pages are read at once after the first (readAll). */
const PAGES_AT_ONCE = 8;

/** One client for every Paystack API Kolo uses: cards (PaymentGateway) and banks/payouts/BVN (BankingProvider). */
export class PaystackClient implements PaymentGateway, BankingProvider {
  constructor(private readonly options: { baseUrl: string; secretKey: string; timeoutMs?: number }) {}

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
      const providerMessage = (json as { message?: unknown } | null)?.message;
      const message = typeof providerMessage === "string" ? providerMessage : `HTTP ${response.status}`;
      // The path may carry a BVN: never put it in an error message (docs/decisions.md).
      const shownPath = path.startsWith("/bank/resolve_bvn/") ? "/bank/resolve_bvn/…" : path;
      throw new PaymentGatewayError(
        `Payment gateway refused ${method} ${shownPath}: ${message}`,
        response.status,
        typeof providerMessage === "string" ? providerMessage : undefined,
      );
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

  /**
   * Reads every page of `path` (`GET /transaction` or `GET /transfer`, 100 a page) for records
   * created in `range` (`from` inclusive, `to` exclusive: sent as `to` minus 1 ms, Paystack's `to`
   * being inclusive). The first page gives `meta.pageCount`; the others are read
   * PAGES_AT_ONCE at a time, since a day of 100,000 records is 1,000 pages and one after another
   * each waits a round trip (docs/performance.md "At scale"). A record seen on two pages (the list
   * moved while it was read) is kept once, by its reference. Throws PaymentGatewayError when a page
   * cannot be read.
   */
  private async readAll<T extends z.ZodType<{ reference: string }>>(path: "/transaction" | "/transfer", item: T, range: ProviderRange): Promise<z.infer<T>[]> {
    const to = new Date(range.to.getTime() - 1).toISOString();
    const readPage = async (page: number) => {
      const query = `?perPage=100&page=${page}&from=${encodeURIComponent(range.from.toISOString())}&to=${encodeURIComponent(to)}`;
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl.replace(/\/$/, "")}${path}${query}`, {
          headers: { Authorization: `Bearer ${this.options.secretKey}`, Accept: "application/json" },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new PaymentGatewayError(`Payment gateway unreachable: ${(error as Error).message}`);
      }
      const parsed = listPage(item).safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success)
        throw new PaymentGatewayError(`Payment gateway refused GET ${path} page ${page}: HTTP ${response.status}`, response.status);
      return parsed.data;
    };
    const first = await readPage(1);
    const pages = [first.data];
    for (let page = 2; page <= first.meta.pageCount; page += PAGES_AT_ONCE) {
      const batch = Array.from({ length: Math.min(PAGES_AT_ONCE, first.meta.pageCount - page + 1) }, (_, i) => readPage(page + i));
      for (const read of await Promise.all(batch)) pages.push(read.data);
    }
    const byReference = new Map<string, z.infer<T>>();
    for (const record of pages.flat()) if (!byReference.has(record.reference)) byReference.set(record.reference, record);
    return [...byReference.values()];
  }

  /** `GET /transaction`, every page: the charges created in `range` (PaymentGateway). */
  async listCharges(range: ProviderRange): Promise<VerifiedCharge[]> {
    return (await this.readAll("/transaction", paystackTransaction, range)).map(toVerifiedCharge);
  }

  /** `GET /transfer`, every page: the transfers created in `range` (BankingProvider). */
  async listTransfers(range: ProviderRange): Promise<PayoutTransfer[]> {
    return (await this.readAll("/transfer", paystackTransfer, range)).map(toPayoutTransfer);
  }

  async verifyCharge(reference: string): Promise<VerifiedCharge> {
    const data = await this.request("GET", `/transaction/verify/${encodeURIComponent(reference)}`, paystackTransaction);
    return toVerifiedCharge(data);
  }

  /** `POST /refund {transaction, amount, merchant_note}`: a refund of a card charge, usually `pending` (PaymentGateway). */
  async refundCharge(input: { reference: string; amountKobo: bigint; note?: string }): Promise<GatewayRefund> {
    const data = await this.request("POST", "/refund", paystackRefund, {
      transaction: input.reference,
      amount: Number(input.amountKobo),
      ...(input.note ? { merchant_note: input.note } : {}),
    });
    const transactionReference = typeof data.transaction === "object" ? data.transaction.reference : input.reference;
    return { id: String(data.id), transactionReference, amountKobo: BigInt(data.amount), status: data.status };
  }

  /** Nigerian banks that take NUBAN payouts (`GET /bank?country=nigeria&currency=NGN`). */
  async listBanks(): Promise<Bank[]> {
    const data = await this.request("GET", "/bank?country=nigeria&currency=NGN", z.array(paystackBank));
    return data.map((bank) => ({ id: bank.id, name: bank.name, code: bank.code, slug: bank.slug, active: bank.active }));
  }

  /** The holder's name of a 10-digit account at `bankCode`; PaymentGatewayError 422 when it does not resolve. */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const data = await this.request("GET", `/bank/resolve?${query.toString()}`, paystackResolvedAccount);
    return { accountNumber: data.account_number, accountName: data.account_name };
  }

  /** The BVN's record; PaymentGatewayError 404 when not found, 5xx or no status when unavailable. */
  async resolveBvn(bvn: string): Promise<BvnRecord> {
    const data = await this.request("GET", `/bank/resolve_bvn/${encodeURIComponent(bvn)}`, paystackBvn);
    return { firstName: data.first_name, lastName: data.last_name, dateOfBirth: data.dob, mobile: data.mobile };
  }

  /** A NUBAN transfer recipient ("RCP_…") for payouts to this account. */
  async createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<TransferRecipient> {
    const data = await this.request("POST", "/transferrecipient", paystackRecipient, {
      type: "nuban",
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: "NGN",
    });
    return { recipientCode: data.recipient_code, accountName: data.details.account_name ?? input.name, bankName: data.details.bank_name };
  }

  /** Queues a payout of `amountKobo` from the Paystack balance; `reference` is the retry key (PAYOUT_REFERENCE_PATTERN). */
  async initiateTransfer(input: { amountKobo: bigint; recipientCode: string; reference: string; reason: string }): Promise<PayoutTransfer> {
    const data = await this.request("POST", "/transfer", paystackTransfer, {
      source: "balance",
      amount: Number(input.amountKobo),
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
    });
    return toPayoutTransfer(data);
  }

  /** The payout's current state (`GET /transfer/verify/{reference}`). */
  async verifyTransfer(reference: string): Promise<PayoutTransfer> {
    const data = await this.request("GET", `/transfer/verify/${encodeURIComponent(reference)}`, paystackTransfer);
    return toPayoutTransfer(data);
  }

  /** `POST /customer`: Paystack answers the existing customer for an e-mail it knows. */
  async createCustomer(input: NewCustomer): Promise<{ customerCode: string }> {
    const data = await this.request("POST", "/customer", paystackCustomer, {
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      ...(input.phone ? { phone: input.phone } : {}),
    });
    return { customerCode: data.customer_code };
  }

  /**
   * `POST /dedicated_account` for `customerCode` at Wema Bank (`preferred_bank` "wema-bank"; a
   * test secret key asks for "test-bank", Paystack's test-mode bank: docs/providers.md).
   */
  async createDedicatedAccount(customerCode: string): Promise<DedicatedAccount> {
    const preferredBank = this.options.secretKey.startsWith("sk_test_") ? "test-bank" : "wema-bank";
    const data = await this.request("POST", "/dedicated_account", paystackDedicatedAccount, { customer: customerCode, preferred_bank: preferredBank });
    return { accountNumber: data.account_number, accountName: data.account_name, bankName: data.bank.name, active: data.active };
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = Buffer.from(paystackSignature(rawBody, this.options.secretKey), "hex");
    return timingSafeEqual(expected, Buffer.from(signature, "hex"));
  }
}
