// Payout endings told by e-mail (docs/product.md "Payment endings"): a payout that fails or is
// reversed e-mails its owner once, with the amount and fee returned, however many times the
// webhook comes and the requery job checks it; a payout that succeeds sends no such mail. The
// sandbox's webhooks (delay 0) go to a capture server and each test forwards them itself, and the
// mailbox is read over HTTP as people trying the app read it.
import { checkPayout } from "@kolo/api";
import { describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, type PayoutAccountName, api, forwardWebhook, fundWallet, servicesOf, signUp, useTestServer } from "./helpers";

const { t, server, capture, admin } = useTestServer({ capture: true, admin: "Ending Admin" });

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const mailsTo = async (email: string): Promise<Mail[]> =>
  ((await (await fetch(`${server.base}/sandbox/mail/messages.json`)).json()) as Mail[]).filter((m) => m.to === email);
const endingMails = async (email: string) => (await mailsTo(email)).filter((m) => /^Kolo: (Bank transfer|Withdrawal) (failed|reversed)$/.test(m.subject));

/** A funded user who paid ₦1,000 (fee ₦50) by bank transfer to the fixture account `which`; answers its reference. */
async function transferTo(which: PayoutAccountName): Promise<{ c: Client; reference: string }> {
  const c = await signUp(server.base, "Ending User");
  await fundWallet(t.db, c.user.id, 5_000);
  const saved = await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS[which] });
  expect(saved.status).toBe(201);
  const { id } = (await saved.json()) as { id: number };
  const sent = await api(c, "POST", "/api/transfer/bank", { bankAccountId: id, amount: 1_000, transferFee: 50 });
  expect(sent.status).toBe(200);
  return { c, reference: ((await sent.json()) as { transaction: { reference: string } }).transaction.reference };
}

const check = (reference: string) => checkPayout({ db: t.db, services: servicesOf(server), now: new Date() }, reference);

describe("payout failure and reversal e-mails", () => {
  it("a failed payout e-mails its owner once, with ₦1,050.00 returned, though the webhook comes three times and the job checks twice", async () => {
    const { c, reference } = await transferTo("failed");
    expect(await endingMails(c.user.email)).toEqual([]);
    const [failed] = await capture.waitFor(reference, 1);
    expect(failed!.body.event).toBe("transfer.failed");
    const answers = await Promise.all([forwardWebhook(server, failed!), forwardWebhook(server, failed!), forwardWebhook(server, failed!)]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["failed", "none", "none"]);
    expect(await check(reference)).toBe("final");
    expect(await check(reference)).toBe("final");

    const mails = await endingMails(c.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Kolo: Bank transfer failed");
    expect(mails[0]!.text).toContain("Your bank transfer of ₦1,000.00 to TUNDE BAKARE");
    // The account number masked as on receipts, never whole.
    expect(mails[0]!.text).toMatch(/TUNDE BAKARE \([^)]* ••••\d{4}\)/);
    expect(mails[0]!.text).toContain(`••••${PAYOUT_ACCOUNTS.failed.accountNumber.slice(-4)}`);
    expect(mails[0]!.text).not.toContain(PAYOUT_ACCOUNTS.failed.accountNumber);
    expect(mails[0]!.text).toContain("Failed: ₦1,050.00 returned to your wallet (amount ₦1,000.00 and fee ₦50.00).");
    expect(mails[0]!.text).toContain(`Reference: ${reference}`);
    const [row] = await t.client`select metadata->>'endNoticeAt' as at from transactions where reference = ${reference}`;
    expect(row!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("a reversed payout e-mails once, after its success sent none", async () => {
    const { c, reference } = await transferTo("reversed");
    const hooks = await capture.waitFor(reference, 2);
    const success = hooks.find((h) => h.body.event === "transfer.success")!;
    const reversed = hooks.find((h) => h.body.event === "transfer.reversed")!;
    expect((await forwardWebhook(server, success)).body.outcome).toBe("completed");
    expect(await endingMails(c.user.email)).toEqual([]);
    await Promise.all([forwardWebhook(server, reversed), forwardWebhook(server, reversed)]);
    await forwardWebhook(server, success);

    const mails = await endingMails(c.user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Kolo: Bank transfer reversed"]);
    expect(mails[0]!.text).toContain("Reversed: ₦1,050.00 returned to your wallet");
  });

  it("an admin's Fail e-mails once; the bank's own failure webhook afterwards sends nothing more", async () => {
    const { c, reference } = await transferTo("failed");
    const [failed] = await capture.waitFor(reference, 1);
    const [record] = await t.client`select id from transactions where reference = ${reference}`;
    const moved = await api(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "failed" });
    expect(moved.status).toBe(200);
    expect((await endingMails(c.user.email)).map((m) => m.subject)).toEqual(["Kolo: Bank transfer failed"]);
    await forwardWebhook(server, failed!);
    await forwardWebhook(server, failed!);
    expect(await check(reference)).toBe("final");
    expect(await endingMails(c.user.email)).toHaveLength(1);
  });

  it("a payout that succeeds sends no ending e-mail", async () => {
    const { c, reference } = await transferTo("success");
    const [success] = await capture.waitFor(reference, 1);
    await forwardWebhook(server, success!);
    expect(await check(reference)).toBe("final");
    expect(await endingMails(c.user.email)).toEqual([]);
  });
});
