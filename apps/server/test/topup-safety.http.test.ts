// Top-ups that cannot lose money: one top-up per Idempotency-Key, and
// unpaid checkouts that end failed after their lifetime, through the real server and the
// Paystack sandbox (the real PaystackClient over HTTP), on a real database.
import { randomBytes } from "node:crypto";
import { CHECKOUT_EXPIRED, TOPUP_CHECKOUT_LIFETIME_MS, expireStaleTopUps } from "@kolo/api";
import { PaystackClient } from "@kolo/providers";
import { schema } from "@kolo/db";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, balanceOf, payCheckout, signUp, startTopUp as topUp, useTestServer } from "./helpers";

const { t, server, secondServer, recordOf } = useTestServer();
const quiet = secondServer({ deliverWebhooks: false });

const topUpsOf = (userId: number) => t.db.select().from(schema.transactions).where(eq(schema.transactions.recipientId, userId));
/** Moves a record's start back by `ms` (the top-up was started that long before now). */
const startedEarlier = (reference: string, ms: number) =>
  t.db.execute(sql`update transactions set created_at = created_at - make_interval(secs => ${ms / 1000}) where reference = ${reference}`);

describe("POST /api/wallet/topup with an Idempotency-Key", () => {
  it("concurrent repeats of one key start one top-up: one pending record, one reference, one checkout", async () => {
    const c = await signUp(server.base);
    const key = `web-${randomBytes(8).toString("hex")}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => topUp(c, 2000, key)));
    expect(new Set(answers.map((a) => a.reference)).size).toBe(1);
    expect(new Set(answers.map((a) => a.authorizationUrl)).size).toBe(1);
    const records = await topUpsOf(c.user.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "pending", amount: 200_000n, reference: answers[0]!.reference });
    expect(records[0]!.metadata).toMatchObject({ idempotencyKey: key, authorizationUrl: answers[0]!.authorizationUrl });

    // a later repeat answers the same, and the checkout it points to is the one that exists
    expect(await topUp(c, 2000, key)).toEqual(answers[0]);
    expect((await fetch(answers[0]!.authorizationUrl)).status).toBe(200);
    expect(await topUpsOf(c.user.id)).toHaveLength(1);
  });

  it("the same key with another amount is refused with 409 IDEMPOTENCY_KEY_REUSED; another user's same key is their own", async () => {
    const c = await signUp(server.base);
    const key = `web-${randomBytes(8).toString("hex")}`;
    const first = await topUp(c, 1000, key);
    const reused = await api(c, "POST", "/api/wallet/topup", { amount: 1500 }, { "Idempotency-Key": key });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: "This idempotency key was already used for a different top-up",
      details: null,
    });
    expect(await topUpsOf(c.user.id)).toHaveLength(1);

    const other = await signUp(server.base);
    const theirs = await topUp(other, 1000, key);
    expect(theirs.reference).not.toBe(first.reference);
    expect(await topUpsOf(other.user.id)).toHaveLength(1);
  });

  it("without a key every request is a new top-up (the previous behaviour)", async () => {
    const c = await signUp(server.base);
    const [one, two] = await Promise.all([topUp(c, 500), topUp(c, 500)]);
    expect(one.reference).not.toBe(two.reference);
    expect(await topUpsOf(c.user.id)).toHaveLength(2);
  });

  it("paying the checkout of a keyed top-up credits once, and a repeat of the key afterwards credits nothing more", async () => {
    const c = await signUp(server.base);
    const key = `web-${randomBytes(8).toString("hex")}`;
    const first = await topUp(c, 3000, key);
    const paid = await payCheckout(first.authorizationUrl);
    expect(paid.status).toBe(303);
    expect(await balanceOf(c)).toBe(3000);
    expect(await topUp(c, 3000, key)).toEqual(first);
    expect(await topUpsOf(c.user.id)).toHaveLength(1);
    expect(await balanceOf(c)).toBe(3000);
  });

  it("a key whose first request died before the checkout existed (a server killed mid-call): a repeat after 30 s opens a new checkout", async () => {
    const c = await signUp(server.base);
    const key = `web-${randomBytes(8).toString("hex")}`;
    const first = await topUp(c, 2500, key);
    // What a killed server leaves: the pending record written, the gateway's answer never saved.
    await t.db.execute(sql`update transactions set metadata = metadata - 'authorizationUrl' where reference = ${first.reference}`);
    await startedEarlier(first.reference, 15_000);
    // 15 s on, the first request could still be waiting for the gateway: the repeat waits 10 s for its checkout, then asks for a retry.
    const early = await api(c, "POST", "/api/wallet/topup", { amount: 2500 }, { "Idempotency-Key": key });
    expect(early.status).toBe(503);
    expect((await recordOf(first.reference)).status).toBe("pending");

    await startedEarlier(first.reference, 10_000);
    const again = await topUp(c, 2500, key);
    expect(again.reference).toBe(`${first.reference}-1`);
    expect(again.authorizationUrl).not.toBe(first.authorizationUrl);
    expect(await recordOf(first.reference)).toMatchObject({ status: "failed" });
    // The new checkout pays, once; a further repeat answers it.
    const paid = await payCheckout(again.authorizationUrl);
    expect(paid.status).toBe(303);
    expect(await balanceOf(c)).toBe(2500);
    expect(await topUp(c, 2500, key)).toEqual(again);
    expect(await topUpsOf(c.user.id)).toHaveLength(2);
    expect(await balanceOf(c)).toBe(2500);
  });
});

describe("top-ups unpaid after the checkout lifetime", () => {
  it("listing transactions ends the user's expired ones: unpaid -> failed 'Checkout expired', paid but unsettled -> credited, younger -> pending", async () => {
    // `quiet` delivers no webhooks: a paid checkout stays pending here until someone asks the gateway.
    const c = await signUp(quiet.base);
    const unpaid = await topUp(c, 1000);
    const paid = await topUp(c, 2500);
    const young = await topUp(c, 700);
    const pay = await fetch(`${paid.authorizationUrl}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(pay.status).toBe(303);
    expect(await balanceOf(c)).toBe(0);
    await startedEarlier(unpaid.reference, TOPUP_CHECKOUT_LIFETIME_MS + 60_000);
    await startedEarlier(paid.reference, TOPUP_CHECKOUT_LIFETIME_MS + 60_000);
    await startedEarlier(young.reference, TOPUP_CHECKOUT_LIFETIME_MS - 60_000);

    const list = (await (await api(c, "GET", "/api/transactions")).json()) as { reference: string; status: string }[];
    const statusOf = (reference: string) => list.find((x) => x.reference === reference)?.status;
    expect(statusOf(unpaid.reference)).toBe("failed");
    expect(statusOf(paid.reference)).toBe("completed");
    expect(statusOf(young.reference)).toBe("pending");
    expect((await recordOf(unpaid.reference)).metadata).toMatchObject({ failureReason: CHECKOUT_EXPIRED });
    expect(await balanceOf(c)).toBe(2500);

    // verify agrees afterwards, and credits nothing more
    const verify = await api(c, "GET", `/api/wallet/verify/${paid.reference}`);
    expect(((await verify.json()) as { status: string }).status).toBe("success");
    expect(((await (await api(c, "GET", `/api/wallet/verify/${unpaid.reference}`)).json()) as { status: string }).status).toBe("failed");
    expect(await balanceOf(c)).toBe(2500);
  });

  it("expireStaleTopUps follows its clock: at 59 minutes nothing, at 61 minutes unpaid and unknown checkouts fail, paid ones are credited", async () => {
    const c = await signUp(quiet.base);
    const unpaid = await topUp(c, 1000);
    const paid = await topUp(c, 4000);
    await fetch(`${paid.authorizationUrl}/pay`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" } });
    // a top-up the gateway never heard of (e.g. the sandbox restarted and forgot it)
    const [unknown] = await t.db
      .insert(schema.transactions)
      .values({
        type: "topup",
        amount: 50_000n,
        status: "pending",
        reference: `KOLO-TOP-GONE${randomBytes(4).toString("hex")}`,
        description: "Wallet top-up",
        recipientId: c.user.id,
        metadata: { gateway: "paystack" },
      })
      .returning();
    const startedAt = (await recordOf(paid.reference)).createdAt.getTime();
    const at = (minutes: number) => new Date(startedAt + minutes * 60_000);

    expect(await expireStaleTopUps(t.db, quiet.paystack, quiet.log, { userId: c.user.id, now: at(59) })).toEqual({
      expired: 0,
      credited: 0,
      failed: 0,
      left: 0,
    });
    expect((await topUpsOf(c.user.id)).map((r) => r.status)).toEqual(["pending", "pending", "pending"]);

    expect(await expireStaleTopUps(t.db, quiet.paystack, quiet.log, { userId: c.user.id, now: at(61) })).toEqual({
      expired: 2,
      credited: 1,
      failed: 0,
      left: 0,
    });
    expect((await recordOf(unpaid.reference)).status).toBe("failed");
    expect((await recordOf(unknown!.reference)).metadata).toMatchObject({ failureReason: CHECKOUT_EXPIRED });
    expect((await recordOf(paid.reference)).status).toBe("completed");
    expect(await balanceOf(c)).toBe(4000);

    // a second run finds nothing left to do
    expect(await expireStaleTopUps(t.db, quiet.paystack, quiet.log, { userId: c.user.id, now: at(120) })).toEqual({
      expired: 0,
      credited: 0,
      failed: 0,
      left: 0,
    });
  });

  it("when the gateway cannot be asked, nothing is failed: the top-up stays pending for the next run", async () => {
    const c = await signUp(quiet.base);
    const unpaid = await topUp(c, 1000);
    const unreachable = new PaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: "sk_unused" });
    const warnings: string[] = [];
    const later = new Date(Date.now() + TOPUP_CHECKOUT_LIFETIME_MS + 60_000);
    const report = await expireStaleTopUps(t.db, unreachable, { warn: (_d, message) => void warnings.push(message) }, { userId: c.user.id, now: later });
    expect(report).toEqual({ expired: 0, credited: 0, failed: 0, left: 1 });
    expect((await recordOf(unpaid.reference)).status).toBe("pending");
    expect(warnings).toEqual(["Top-up expiry could not ask the gateway; will retry"]);
  });
});
