import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { MERCHANT_PAYMENT_FEE_KOBO, createInvoiceSchema, invoicePaymentAmount, invoiceStatusFor } from "./merchants";
import { buildPaymentLink, parsePaymentLink, paymentLinkTarget } from "./payment-link";

describe("payment link parser (docs/product.md#merchants-and-invoices, docs/decisions.md)", () => {
  it("decodes the three types with their optional name and amount", () => {
    expect(parsePaymentLink("kolo://pay/merchant/1")).toEqual({ type: "merchant", merchantId: 1 });
    expect(parsePaymentLink("kolo://pay/merchant/12?name=Test%20Store&amount=1000")).toEqual({
      type: "merchant",
      merchantId: 12,
      merchantName: "Test Store",
      amount: 1000,
    });
    expect(parsePaymentLink("kolo://pay/invoice/Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH?amount=250.5")).toEqual({
      type: "invoice",
      invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH",
      amount: 250.5,
    });
    expect(parsePaymentLink("kolo://pay/invoice/Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH?name=Mama%20Put")).toEqual({
      type: "invoice",
      invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH",
      merchantName: "Mama Put",
    });
    // An invoice is never reached by its sequential id (docs/decisions.md "Security, second round").
    expect(parsePaymentLink("kolo://pay/invoice/7")).toBeNull();
    expect(parsePaymentLink("kolo://pay/merchant/Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH")).toBeNull();
    expect(parsePaymentLink("kolo://pay/p2p/42?name=Ada%20Obi&amount=0.05")).toEqual({ type: "p2p", userId: 42, userName: "Ada Obi", amount: 0.05 });
    expect(parsePaymentLink("kolo://pay/p2p/42?")).toEqual({ type: "p2p", userId: 42 });
    expect(parsePaymentLink("kolo://pay/invoice/Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH?name=Shop%20%26%20Co&amount=99.9")).toEqual({
      type: "invoice",
      invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH",
      merchantName: "Shop & Co",
      amount: 99.9,
    });
    expect(parsePaymentLink("kolo://pay/merchant/1?amount=0.01")).toEqual({ type: "merchant", merchantId: 1, amount: 0.01 });
    expect(parsePaymentLink("kolo://pay/merchant/1?amount=9999999999.99")).toEqual({ type: "merchant", merchantId: 1, amount: 9_999_999_999.99 });
    expect(parsePaymentLink("kolo://pay/p2p/7?name=Ada+Obi")).toEqual({ type: "p2p", userId: 7, userName: "Ada Obi" });
    expect(parsePaymentLink("  kolo://pay/merchant/3?amount=12.25  ")).toEqual({ type: "merchant", merchantId: 3, amount: 12.25 });
    expect(parsePaymentLink("kolo://pay/merchant/3?amount=5&name=%C3%80d%C3%A9")).toEqual({ type: "merchant", merchantId: 3, amount: 5, merchantName: "Àdé" });
  });

  it.each([
    ["empty text", ""],
    ["plain text", "hello"],
    ["a web URL", "https://kolo.test/pay/merchant/1"],
    ["no scheme", "pay/merchant/1"],
    ["scheme without slashes", "kolo:pay/merchant/1"],
    ["wrong scheme", "colo://pay/merchant/1"],
    ["another app's scheme", "upi://pay/merchant/1"],
    ["scheme in capitals", "KOLO://pay/merchant/1"],
    ["wrong host", "kolo://send/merchant/1"],
    ["missing type and id", "kolo://pay/"],
    ["missing type", "kolo://pay//1"],
    ["missing id", "kolo://pay/merchant"],
    ["missing id with slash", "kolo://pay/merchant/"],
    ["non-numeric id", "kolo://pay/merchant/abc"],
    ["negative id", "kolo://pay/merchant/-1"],
    ["zero id", "kolo://pay/merchant/0"],
    ["leading zero id", "kolo://pay/merchant/01"],
    ["decimal id", "kolo://pay/merchant/1.5"],
    ["id with a space", "kolo://pay/merchant/1 2"],
    ["id with letters after digits", "kolo://pay/p2p/12a"],
    ["id beyond safe integers", "kolo://pay/merchant/90071992547409930"],
    ["unknown type", "kolo://pay/bank/1"],
    ["type in capitals", "kolo://pay/Merchant/1"],
    ["extra path segment", "kolo://pay/merchant/1/extra"],
    ["fragment", "kolo://pay/merchant/1#x"],
    ["unknown query parameter", "kolo://pay/merchant/1?foo=bar"],
    ["amount twice", "kolo://pay/merchant/1?amount=1&amount=2"],
    ["name twice", "kolo://pay/p2p/1?name=A&name=B"],
    ["blank name", "kolo://pay/p2p/1?name=%20%20"],
    ["unknown parameter on an invoice", "kolo://pay/invoice/Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH?merchantId=2"],
    ["amount with a plus sign", "kolo://pay/merchant/1?amount=%2B5"],
    ["amount with a leading zero", "kolo://pay/merchant/1?amount=05"],
    ["amount with a naira sign", "kolo://pay/merchant/1?amount=%E2%82%A65"],
    ["amount Infinity", "kolo://pay/merchant/1?amount=Infinity"],
    ["empty name", "kolo://pay/merchant/1?name="],
    ["empty amount", "kolo://pay/merchant/1?amount="],
    ["zero amount", "kolo://pay/merchant/1?amount=0"],
    ["negative amount", "kolo://pay/merchant/1?amount=-5"],
    ["amount with 3 decimals", "kolo://pay/merchant/1?amount=1.005"],
    ["amount with exponent", "kolo://pay/merchant/1?amount=1e3"],
    ["amount with comma", "kolo://pay/merchant/1?amount=1,000"],
    ["amount with trailing point", "kolo://pay/merchant/1?amount=10."],
    ["amount not a number", "kolo://pay/merchant/1?amount=abc"],
    ["amount too large", "kolo://pay/merchant/1?amount=10000000000"],
  ])("refuses %s", (_label, text) => {
    expect(parsePaymentLink(text)).toBeNull();
  });

  it("builds links that parse back to the same payload", () => {
    const payloads = [
      { type: "merchant", merchantId: 5, merchantName: "Test Store & Co?", amount: 1000 },
      { type: "merchant", merchantId: 5 },
      { type: "invoice", invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH", amount: 12.5 },
      { type: "p2p", userId: 3, userName: "Ada Obi" },
    ] as const;
    for (const payload of payloads) expect(parsePaymentLink(buildPaymentLink(payload))).toEqual(payload);
    expect(buildPaymentLink({ type: "merchant", merchantId: 1, merchantName: "Test Store", amount: 1000 })).toBe(
      "kolo://pay/merchant/1?name=Test%20Store&amount=1000",
    );
    expect(() => buildPaymentLink({ type: "merchant", merchantId: 0 })).toThrow(RangeError);
    expect(() => buildPaymentLink({ type: "merchant", merchantId: 1, amount: 1.005 })).toThrow(RangeError);
    expect(() => buildPaymentLink({ type: "merchant", merchantId: 1, amount: -1 })).toThrow(RangeError);
  });

  it("sends each type to its screen (docs/product.md#merchants-and-invoices /scan)", () => {
    expect(paymentLinkTarget({ type: "merchant", merchantId: 1, merchantName: "Test Store", amount: 1000 })).toEqual({
      to: "/payment-confirmation",
      search: { merchantId: "1", amount: "1000", merchantName: "Test Store" },
    });
    expect(paymentLinkTarget({ type: "invoice", invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH", amount: 3 })).toEqual({
      to: "/payment-confirmation",
      search: { invoiceToken: "Qx7mK2pL9vB4nR8sT1wY6zA3cD5eF0gH" },
    });
    expect(paymentLinkTarget({ type: "p2p", userId: 8 })).toEqual({ to: "/transfer", search: { userId: "8" } });
  });
});

describe("merchant payments and invoices (docs/decisions.md)", () => {
  it("charges no fee", () => {
    expect(MERCHANT_PAYMENT_FEE_KOBO).toBe(0n);
  });

  it("derives the invoice status from what is paid", () => {
    expect(invoiceStatusFor(1000n, 0n)).toBe("unpaid");
    expect(invoiceStatusFor(1000n, 1n)).toBe("partially_paid");
    expect(invoiceStatusFor(1000n, 1000n)).toBe("paid");
  });

  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof DomainError ? `${error.code}: ${error.message}` : String(error);
    }
    return "no error";
  };

  it("pays the remaining amount in full, or a part when the invoice allows it", () => {
    const whole = { amountKobo: 10_000n, paidKobo: 0n, allowPartialPayment: false };
    expect(invoicePaymentAmount(whole)).toEqual({ payKobo: 10_000n, status: "paid" });
    expect(invoicePaymentAmount(whole, 10_000n)).toEqual({ payKobo: 10_000n, status: "paid" });
    expect(code(() => invoicePaymentAmount(whole, 4_000n))).toBe("RULE_VIOLATION: This invoice must be paid in full");
    const partial = { amountKobo: 10_000n, paidKobo: 0n, allowPartialPayment: true };
    expect(invoicePaymentAmount(partial, 4_000n)).toEqual({ payKobo: 4_000n, status: "partially_paid" });
    expect(invoicePaymentAmount({ ...partial, paidKobo: 4_000n }, 6_000n)).toEqual({ payKobo: 6_000n, status: "paid" });
    expect(invoicePaymentAmount({ ...partial, paidKobo: 4_000n })).toEqual({ payKobo: 6_000n, status: "paid" });
  });

  it("refuses overpayment and a paid invoice", () => {
    expect(code(() => invoicePaymentAmount({ amountKobo: 10_000n, paidKobo: 4_000n, allowPartialPayment: true }, 6_001n))).toBe(
      "RULE_VIOLATION: Amount exceeds the amount due on this invoice",
    );
    expect(code(() => invoicePaymentAmount({ amountKobo: 10_000n, paidKobo: 0n, allowPartialPayment: false }, 10_001n))).toBe(
      "RULE_VIOLATION: Amount exceeds the amount due on this invoice",
    );
    expect(code(() => invoicePaymentAmount({ amountKobo: 10_000n, paidKobo: 10_000n, allowPartialPayment: true }, 1n))).toBe(
      "RULE_VIOLATION: Invoice already paid",
    );
    expect(code(() => invoicePaymentAmount({ amountKobo: 10_000n, paidKobo: 10_000n, allowPartialPayment: false }))).toBe(
      "RULE_VIOLATION: Invoice already paid",
    );
  });

  it("validates the invoice payload with the spec's messages (docs/product.md#merchants-and-invoices)", () => {
    const ok = createInvoiceSchema.parse({ customerName: "Ada", customerEmail: "", amount: 1500.5 });
    expect(ok).toMatchObject({
      customerName: "Ada",
      customerEmail: undefined,
      amount: 150_050n,
      allowPartialPayment: false,
      sendReminder: false,
      generatePaymentLink: false,
    });
    const bad = createInvoiceSchema.safeParse({ customerName: "A", customerEmail: "nope", amount: 0, dueDate: "31/12/2026" });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["Customer name is required", "Please enter a valid email", "Amount must be positive", "Please enter a valid date"]),
    );
  });
});
