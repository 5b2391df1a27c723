// Payment links (docs/product.md "Payment links"): created and listed by a merchant, read and paid
// by anyone through the real server's REST paths, the Paystack sandbox's checkout and its webhooks
// (captured, forwarded when the test says), on a real PostgreSQL database.
import { runReconciliation } from "@kolo/api";
import { schema } from "@kolo/db";
import { lagosDate } from "@kolo/domain";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, call, forwardWebhook, payCheckout, servicesOf, useTestServer } from "./helpers";

/** The server's clock: the real one unless a test moves it (services.now). */
let clock: Date | undefined;
const { t, server, capture, user, recordOf } = useTestServer({
  capture: true,
  authRateLimit: { max: 10_000, windowMs: 60_000 },
  services: { now: () => clock ?? new Date() },
});

interface Link {
  id: number;
  slug: string;
  url: string;
  title: string;
  amount: number | null;
  minAmount: number | null;
  maxPayments: number | null;
  status: string;
  active: boolean;
  paymentsCount: number;
  total: number;
}

const guest = (): Client => ({ base: server.base, cookie: "", user: { id: 0, email: "", name: "" } });
const merchantBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/merchants/me")).body.balance;
const walletBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/auth/me")).body.balance;
const mailTo = async (email: string) => (await t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, email))).map((m) => m.subject);

async function merchant(name = "Ada's Kitchen") {
  const owner = await user("Adaeze Owner");
  expect((await call(owner, "POST", "/api/merchants", { name, description: "Jollof and more", category: "Food" })).status).toBe(201);
  return owner;
}

async function createLink(owner: Client, body: Record<string, unknown>) {
  const answer = await call<Link>(owner, "POST", "/api/merchants/me/links", { title: "Jollof tray", description: "For 10 people", ...body });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function invariants() {
  return ledgerInvariants(t.client);
}

describe("creating and listing links", () => {
  it("creates a fixed or an open link with an unguessable slug, lists it with totals, deactivates it", async () => {
    const owner = await merchant();
    const fixed = await createLink(owner, { amount: 15_000, maxPayments: 3 });
    expect(fixed).toMatchObject({ title: "Jollof tray", amount: 15_000, minAmount: null, maxPayments: 3, status: "active", paymentsCount: 0, total: 0 });
    expect(fixed.slug).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(fixed.url).toBe(`${server.base}/l/${fixed.slug}`);
    const open = await createLink(owner, { title: "Tip jar", minAmount: 500 });
    expect(open).toMatchObject({ amount: null, minAmount: 500 });
    expect(open.slug).not.toBe(fixed.slug);

    const listed = await call<Link[]>(owner, "GET", "/api/merchants/me/links");
    expect(listed.body.map((l) => l.id)).toEqual([open.id, fixed.id]);

    const off = await call<Link>(owner, "PATCH", `/api/merchants/me/links/${fixed.id}`, { active: false });
    expect(off.body).toMatchObject({ active: false, status: "inactive" });
    expect((await call(guest(), "GET", `/api/links/${fixed.slug}`)).body).toMatchObject({
      status: "inactive",
      closedReason: "This payment link is no longer active",
    });
    const refused = await call(guest(), "POST", `/api/links/${fixed.slug}/pay`, { channel: "card", name: "Bola Guest", email: "bola@example.com" });
    expect(refused).toMatchObject({ status: 400, body: { message: "This payment link is no longer active" } });

    const other = await merchant("Other Shop");
    expect((await call(other, "PATCH", `/api/merchants/me/links/${open.id}`, { active: false })).status).toBe(404);
  });

  it("refuses bad links with clear errors and creates nothing", async () => {
    const owner = await merchant();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1000, minAmount: 500 }, "Give a fixed amount or a minimum amount, not both"],
      [{ amount: 0 }, "Amount must be positive"],
      [{ amount: 2_000_000 }, "Amount is too large"],
      [{ title: "" }, "Title is required"],
      [{ maxPayments: 0 }, "At least 1 payment"],
      [{ expiresAt: "2020-01-01T00:00:00Z" }, "The expiry must be in the future"],
      [{ expiresAt: "tomorrow" }, "Please enter a valid date and time"],
    ];
    for (const [body, message] of cases) {
      const answer = await call(owner, "POST", "/api/merchants/me/links", { title: "Jollof tray", description: "", ...body });
      expect([body, answer.status, JSON.stringify(answer.body)]).toEqual([body, 400, expect.stringContaining(message)]);
    }
    expect((await call<Link[]>(owner, "GET", "/api/merchants/me/links")).body).toEqual([]);
    const noMerchant = await user("No Shop");
    expect((await call(noMerchant, "POST", "/api/merchants/me/links", { title: "Jollof", description: "" })).status).toBe(404);
    expect((await call(guest(), "POST", "/api/merchants/me/links", { title: "Jollof", description: "" })).status).toBe(401);
  });
});

describe("the public page", () => {
  it("shows the merchant's name, never the owner's, without a session", async () => {
    const owner = await merchant("Mama Put Express");
    const link = await createLink(owner, { title: "Open tray" });
    const read = await call(guest(), "GET", `/api/links/${link.slug}`);
    expect(read).toEqual({
      status: 200,
      body: {
        slug: link.slug,
        merchantName: "Mama Put Express",
        title: "Open tray",
        description: "For 10 people",
        amount: null,
        minAmount: 100,
        status: "active",
        closedReason: null,
      },
    });
    expect(JSON.stringify(read.body)).not.toContain("Adaeze");
    expect((await call(guest(), "GET", "/api/links/AAAAAAAAAAAA")).status).toBe(404);
    expect((await call(guest(), "GET", "/api/links/short")).status).toBe(400);
  });
});

describe("paying by card", () => {
  it("credits the merchant once whether the webhook or verify comes first, twice each, and e-mails one receipt", async () => {
    const owner = await merchant();
    const link = await createLink(owner, { amount: 2_500 });
    for (const order of [
      ["verify", "webhook", "webhook", "verify"],
      ["webhook", "verify", "webhook", "verify"],
    ]) {
      const email = `payer-${order[0]}@example.com`;
      const started = await call<{ authorizationUrl: string; reference: string }>(guest(), "POST", `/api/links/${link.slug}/pay`, {
        channel: "card",
        name: "Bola Guest",
        email,
      });
      expect(started.status).toBe(200);
      expect((await recordOf(started.body.reference)).metadata).toMatchObject({ channel: "card", linkId: link.id, payerName: "Bola Guest", payerEmail: email });
      const pending = await call(guest(), "GET", `/api/links/${link.slug}/payments/${started.body.reference}`);
      expect(pending.body).toMatchObject({ status: "pending", amount: 2_500 });
      await payCheckout(started.body.authorizationUrl);
      const [hook] = await capture.waitFor(started.body.reference, 1);
      for (const event of order) {
        if (event === "webhook") expect((await forwardWebhook(server, hook!)).status).toBe(200);
        else expect((await call(guest(), "GET", `/api/links/${link.slug}/payments/${started.body.reference}`)).body).toMatchObject({ status: "success" });
      }
      const record = await recordOf(started.body.reference);
      expect(record).toMatchObject({ status: "completed", amount: 250_000n, senderId: null });
      expect(await mailTo(email)).toEqual(["Receipt: ₦2,500.00 paid to Ada's Kitchen"]);
    }
    expect(await merchantBalance(owner)).toBe(5_000);
    expect((await call<Link[]>(owner, "GET", "/api/merchants/me/links")).body[0]).toMatchObject({ paymentsCount: 2, total: 5_000 });
    expect(await invariants()).toEqual(LEDGER_CONSISTENT);
  });

  it("the day's reconciliation matches a link's card charge to its payment", async () => {
    const owner = await merchant("Reconciled Stall");
    const link = await createLink(owner, { amount: 1_200 });
    const started = await call<{ authorizationUrl: string; reference: string }>(guest(), "POST", `/api/links/${link.slug}/pay`, {
      channel: "card",
      name: "Bola Guest",
      email: "reconciled@example.com",
    });
    await payCheckout(started.body.authorizationUrl);
    const [hook] = await capture.waitFor(started.body.reference, 1);
    expect((await forwardWebhook(server, hook!)).status).toBe(200);
    const now = new Date();
    const run = await runReconciliation(t.db, servicesOf(server), { day: lagosDate(now), now, triggeredBy: null });
    const exceptions = await t.db.select().from(schema.reconciliationExceptions).where(eq(schema.reconciliationExceptions.runId, run.id));
    // Before card payments were compared, the paid charge read as 'matches no Kolo top-up'.
    expect(exceptions.filter((e) => e.reference === started.body.reference)).toEqual([]);
  });

  it("a reference of another link is not found; a declined checkout is failed and credits nothing", async () => {
    const owner = await merchant();
    const link = await createLink(owner, { title: "Open", minAmount: 200 });
    const other = await createLink(owner, { title: "Other", amount: 300 });
    const started = await call<{ authorizationUrl: string; reference: string }>(guest(), "POST", `/api/links/${link.slug}/pay`, {
      channel: "card",
      name: "Bola Guest",
      email: "decline@example.com",
      amount: 450,
    });
    expect((await call(guest(), "GET", `/api/links/${other.slug}/payments/${started.body.reference}`)).status).toBe(404);
    await payCheckout(started.body.authorizationUrl, "decline");
    expect((await call(guest(), "GET", `/api/links/${link.slug}/payments/${started.body.reference}`)).body).toMatchObject({ status: "failed" });
    expect(await merchantBalance(owner)).toBe(0);
    expect(await mailTo("decline@example.com")).toEqual([]);
  });
});

describe("paying from the wallet", () => {
  it("pays a signed-in payer's chosen amount through the PIN; refuses below the minimum, a wrong fixed amount, one's own link, no session", async () => {
    const owner = await merchant();
    const open = await createLink(owner, { title: "Open", minAmount: 1_000 });
    const fixed = await createLink(owner, { title: "Fixed", amount: 700 });
    const payer = await user("Chidi Payer", 10_000);
    expect((await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" })).status).toBe(200);

    const below = await call(payer, "POST", `/api/links/${open.slug}/pay`, { channel: "wallet", amount: 999, transactionPin: "2580" });
    expect(below).toMatchObject({ status: 400, body: { message: "The amount is below this link's minimum", details: { minAmount: 1_000 } } });
    const wrong = await call(payer, "POST", `/api/links/${fixed.slug}/pay`, { channel: "wallet", amount: 701, transactionPin: "2580" });
    expect(wrong).toMatchObject({ status: 400, body: { message: "This link must be paid at its amount" } });
    expect((await call(payer, "POST", `/api/links/${open.slug}/pay`, { channel: "wallet", amount: 1_500 })).body).toMatchObject({ code: "PIN_REQUIRED" });
    expect((await call(payer, "POST", `/api/links/${open.slug}/pay`, { channel: "wallet", amount: 1_500, transactionPin: "1111" })).status).toBe(403);
    expect((await call(guest(), "POST", `/api/links/${open.slug}/pay`, { channel: "wallet", amount: 1_500 })).status).toBe(401);
    expect(await walletBalance(payer)).toBe(10_000);

    const paid = await call<{ message: string; transaction: { reference: string } }>(payer, "POST", `/api/links/${open.slug}/pay`, {
      channel: "wallet",
      amount: 1_500,
      transactionPin: "2580",
    });
    expect(paid).toMatchObject({ status: 200, body: { message: "Payment Successful" } });
    const again = await call(
      payer,
      "POST",
      `/api/links/${fixed.slug}/pay`,
      { channel: "wallet" },
      { "X-Transaction-PIN": "2580", "Idempotency-Key": "link-key-0001" },
    );
    const repeat = await call(
      payer,
      "POST",
      `/api/links/${fixed.slug}/pay`,
      { channel: "wallet" },
      { "X-Transaction-PIN": "2580", "Idempotency-Key": "link-key-0001" },
    );
    expect(repeat.body).toEqual(again.body);
    expect(await walletBalance(payer)).toBe(10_000 - 1_500 - 700);
    expect(await merchantBalance(owner)).toBe(2_200);
    expect((await recordOf(paid.body.transaction.reference)).metadata).toMatchObject({ channel: "link", linkId: open.id, payerName: "Chidi Payer" });
    expect((await recordOf(paid.body.transaction.reference)).senderId).toBe(payer.user.id);

    const own = await call(owner, "POST", `/api/links/${open.slug}/pay`, { channel: "wallet", amount: 1_500 });
    expect(own).toMatchObject({ status: 400, body: { message: "You cannot pay your own merchant account" } });
    expect(await invariants()).toEqual(LEDGER_CONSISTENT);
  });
});

describe("limits", () => {
  it("takes exactly maxPayments payments when payers race for the last places", async () => {
    const owner = await merchant();
    const link = await createLink(owner, { amount: 100, maxPayments: 2 });
    const payers = await Promise.all([1, 2, 3, 4, 5].map((i) => user(`Racer ${i}`, 1_000)));
    const answers = await Promise.all(payers.map((p) => call(p, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.message).toBe("This payment link has received all the payments it accepts");
    }
    expect((await call<Link[]>(owner, "GET", "/api/merchants/me/links")).body[0]).toMatchObject({ paymentsCount: 2, total: 200, status: "full" });
    expect(await merchantBalance(owner)).toBe(200);
  });

  it("an open card checkout holds its place", async () => {
    const owner = await merchant();
    const link = await createLink(owner, { amount: 100, maxPayments: 1 });
    const started = await call(guest(), "POST", `/api/links/${link.slug}/pay`, { channel: "card", name: "Bola Guest", email: "hold@example.com" });
    expect(started.status).toBe(200);
    const payer = await user("Late Payer", 1_000);
    const refused = await call(payer, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" });
    expect(refused.body.message).toBe("This payment link has received all the payments it accepts");
    expect(await walletBalance(payer)).toBe(1_000);
  });

  it("refuses payments once the expiry has passed on the server's clock", async () => {
    const owner = await merchant();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const link = await createLink(owner, { amount: 100, expiresAt: expiresAt.toISOString() });
    const payer = await user("Clock Payer", 1_000);
    try {
      clock = new Date(expiresAt.getTime() - 1_000);
      expect((await call(payer, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" })).status).toBe(200);
      clock = new Date(expiresAt.getTime());
      const late = await call(payer, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" });
      expect(late).toMatchObject({ status: 400, body: { message: "This payment link has expired" } });
      const card = await call(guest(), "POST", `/api/links/${link.slug}/pay`, { channel: "card", name: "Bola Guest", email: "late@example.com" });
      expect(card.body.message).toBe("This payment link has expired");
      expect((await call(guest(), "GET", `/api/links/${link.slug}`)).body).toMatchObject({ status: "expired" });
    } finally {
      clock = undefined;
    }
    expect(await walletBalance(payer)).toBe(900);
  });
});
