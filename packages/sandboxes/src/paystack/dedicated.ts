// The Paystack sandbox's dedicated virtual accounts (docs/providers.md "Dedicated accounts"):
// POST /customer, POST /dedicated_account, and the page /sandbox/paystack/transfer-in where anyone
// sends a bank transfer into an assigned number. Numbers pass the NUBAN check for Wema Bank (035),
// are unique and keep their owner. A transfer in is stored as a successful charge with channel
// `dedicated_nuban` (so verify and the transaction list answer it) and its signed
// `charge.success` webhook is sent before the page answers, and retried until it gets a 200
// (charge-webhooks.ts), as Paystack retries it.
import { randomBytes, randomInt } from "node:crypto";
import { type Database, schema } from "@kolo/db";
import { formatKobo, parseNairaInput } from "@kolo/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { ChargeWebhooks } from "./charge-webhooks";
import { SANDBOX_BANKS, nubanWithCheckDigit } from "./fixtures";
import { escapeHtml } from "../kit";

const customers = schema.paystackSandboxCustomers;
const accounts = schema.paystackSandboxDedicatedAccounts;
const charges = schema.paystackSandboxCharges;

/** The bank every sandbox dedicated account is at (docs/providers.md). */
export const DEDICATED_ACCOUNT_BANK = { name: "Wema Bank", id: 20, slug: "wema-bank", code: "035" } as const;

/** Paystack's dedicated-account pricing: 1% of the amount, capped at ₦300. In kobo. */
export function sandboxTransferInFeeKobo(amountKobo: number): number {
  return Math.min(Math.round(amountKobo * 0.01), 30_000);
}

const customerBody = z.object({
  email: z.email(),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  phone: z.string().max(20).optional(),
});
const dedicatedBody = z.object({
  customer: z.string().regex(/^CUS_[a-z0-9]+$/),
  preferred_bank: z.enum(["wema-bank", "test-bank"]),
});

/** The page's form: amount in naira, as typed ("5000" or "5,000.50"). */
const transferInForm = z.object({
  reference: z.string().regex(/^[0-9a-f]{24}$/, "Open the page again to send another transfer"),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, "Enter the 10-digit account number"),
  senderName: z.string().trim().min(2, "Enter the sender's name").max(100),
  senderBank: z.string().refine((name) => SANDBOX_BANKS.some((bank) => bank.name === name), "Choose the sender's bank"),
  amount: z.string().trim().min(1, "Enter an amount"),
});

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack sandbox: transfer in</title>
<link rel="stylesheet" href="/sandbox/paystack/checkout.css"></head>
<body><main aria-labelledby="title"><h1 id="title">Send a bank transfer</h1>
<p>Test mode: sends a transfer into a sandbox account number, as a bank would.</p>
${body}
</main></body></html>`;
}

function formPage(values: Partial<Record<keyof z.infer<typeof transferInForm>, string>> = {}, error?: string): string {
  const value = (key: keyof z.infer<typeof transferInForm>) => escapeHtml(values[key] ?? "");
  const banks = SANDBOX_BANKS.map((bank) => `<option${values.senderBank === bank.name ? " selected" : ""}>${escapeHtml(bank.name)}</option>`).join("");
  return page(`${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/sandbox/paystack/transfer-in">
<input type="hidden" name="reference" value="${randomBytes(12).toString("hex")}">
<label for="accountNumber">Account number</label>
<input id="accountNumber" name="accountNumber" inputmode="numeric" autocomplete="off" maxlength="10" required value="${value("accountNumber")}">
<label for="senderName">Sender name</label>
<input id="senderName" name="senderName" autocomplete="name" required value="${value("senderName")}">
<label for="senderBank">Sender bank</label>
<select id="senderBank" name="senderBank" required>${banks}</select>
<label for="amount">Amount (₦)</label>
<input id="amount" name="amount" inputmode="decimal" required value="${value("amount")}">
<button class="pay" type="submit">Send transfer</button>
</form>`);
}

/** Registers the customer, dedicated-account and transfer-in routes on the sandbox's (prefixed) scope. */
export function dedicatedAccountRoutes(
  sandbox: FastifyInstance,
  deps: { db: Database; chargeWebhooks: Pick<ChargeWebhooks, "firstAttempt" | "deliverFirst"> },
) {
  const { db } = deps;
  const customerCode = () => `CUS_${randomBytes(8).toString("hex").slice(0, 15)}`;

  sandbox.post("/customer", async (req, reply) => {
    const body = customerBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: false, message: z.prettifyError(body.error) });
    const { email, first_name: firstName, last_name: lastName, phone } = body.data;
    await db
      .insert(customers)
      .values({ customerCode: customerCode(), email: email.toLowerCase(), firstName, lastName, phone: phone ?? null })
      .onConflictDoNothing({ target: customers.email });
    // Paystack answers the existing customer for an e-mail it knows.
    const [customer] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase()));
    return {
      status: true,
      message: "Customer created",
      data: {
        email: customer!.email,
        first_name: customer!.firstName,
        last_name: customer!.lastName,
        phone: customer!.phone,
        customer_code: customer!.customerCode,
        id: customer!.id,
      },
    };
  });

  sandbox.post("/dedicated_account", async (req, reply) => {
    const body = dedicatedBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: false, message: z.prettifyError(body.error) });
    const [customer] = await db.select().from(customers).where(eq(customers.customerCode, body.data.customer));
    if (!customer) return reply.code(404).send({ status: false, message: "Customer not found" });
    const accountName = `KOLO/${customer.firstName} ${customer.lastName}`.toUpperCase();
    let [account] = await db.select().from(accounts).where(eq(accounts.customerCode, customer.customerCode));
    // A fresh random serial per try: a number already taken (unique) is simply drawn again.
    for (let attempt = 0; !account && attempt < 20; attempt++) {
      const accountNumber = nubanWithCheckDigit(String(randomInt(1, 1_000_000_000)).padStart(9, "0"), DEDICATED_ACCOUNT_BANK.code);
      await db.insert(accounts).values({ customerCode: customer.customerCode, accountNumber, accountName }).onConflictDoNothing();
      [account] = await db.select().from(accounts).where(eq(accounts.customerCode, customer.customerCode));
    }
    if (!account) return reply.code(503).send({ status: false, message: "Could not assign an account number. Try again." });
    const { code: _code, ...bank } = DEDICATED_ACCOUNT_BANK;
    return {
      status: true,
      message: "NUBAN successfully created",
      data: {
        bank,
        account_name: account.accountName,
        account_number: account.accountNumber,
        assigned: true,
        currency: "NGN",
        active: true,
        id: account.id,
        customer: { customer_code: customer.customerCode, email: customer.email },
      },
    };
  });

  sandbox.get("/transfer-in", async (_req, reply) => reply.type("text/html").send(formPage()));

  const answer = (reply: FastifyReply, json: boolean, status: number, message: string, html: string, data?: unknown) =>
    json ? reply.code(status).send({ status: status < 300, message, ...(data ? { data } : {}) }) : reply.code(status).type("text/html").send(html);

  sandbox.post("/transfer-in", async (req, reply) => {
    const json = typeof req.body === "object" && req.body !== null;
    const fields = json ? req.body : Object.fromEntries(new URLSearchParams(typeof req.body === "string" ? req.body : ""));
    const raw = z.record(z.string(), z.unknown()).catch({}).parse(fields);
    const echo = Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const refuse = (message: string) => answer(reply, json, 400, message, formPage(echo, message));
    const form = transferInForm.safeParse(raw);
    if (!form.success) return refuse(form.error.issues[0]?.message ?? "Check the form");
    const amount = parseNairaInput(form.data.amount);
    if (!amount.ok) return refuse(amount.error);
    const amountKobo = amount.kobo;
    if (amountKobo <= 0n || amountKobo > 1_000_000_000n) return refuse("Enter an amount between ₦0.01 and ₦10,000,000");
    const [account] = await db.select().from(accounts).where(eq(accounts.accountNumber, form.data.accountNumber));
    if (!account) return refuse("This account number was not assigned by the sandbox");
    const [customer] = await db.select().from(customers).where(eq(customers.customerCode, account.customerCode));
    const senderBank = SANDBOX_BANKS.find((bank) => bank.name === form.data.senderBank)!;
    const paidAt = new Date();
    const [charge] = await db
      .insert(charges)
      .values({
        reference: form.data.reference,
        accessCode: randomBytes(9).toString("hex"),
        amount: Number(amountKobo),
        currency: "NGN",
        email: customer?.email ?? "",
        callbackUrl: "",
        status: "success",
        paidAt,
        // The webhook is owed from the same insert: a retry stays due if this server dies first.
        ...deps.chargeWebhooks.firstAttempt(paidAt),
        channel: "dedicated_nuban",
        customerCode: account.customerCode,
        authorization: {
          channel: "dedicated_nuban",
          receiver_bank_account_number: account.accountNumber,
          receiver_bank: DEDICATED_ACCOUNT_BANK.name,
          sender_name: form.data.senderName.toUpperCase(),
          sender_bank: senderBank.name,
          sender_bank_account_number: null,
          narration: `Transfer from ${form.data.senderName}`,
        },
      })
      .onConflictDoNothing({ target: charges.reference })
      .returning();
    // The form's reference is the idempotency key: a second submit of the same form sends nothing more.
    if (charge) await deps.chargeWebhooks.deliverFirst(charge);
    const sent = charge ?? (await db.select().from(charges).where(eq(charges.reference, form.data.reference)))[0]!;
    const sentAmount = formatKobo(BigInt(sent.amount));
    return answer(
      reply,
      json,
      200,
      "Transfer sent",
      page(`<p role="status">Sent ${escapeHtml(sentAmount)} to ${escapeHtml(account.accountNumber)} (${escapeHtml(account.accountName)}).</p>
<p>Reference: <code>${escapeHtml(sent.reference)}</code></p>
<p><a class="action" href="/sandbox/paystack/transfer-in">Send another transfer</a></p>`),
      { reference: sent.reference, amount: sent.amount, account_number: account.accountNumber, account_name: account.accountName },
    );
  });
}
