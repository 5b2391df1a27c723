// A paid top-up is never dropped (docs/money-integrity.md): whatever Kolo's own status of a
// top-up (expired by the job, failed by an admin), the gateway's verified success credits the
// wallet exactly once, completes the record with metadata.lateSuccess and opens a review item;
// a keyed repeat after a failure starts a new checkout. Real server, Paystack sandbox, real database.
import { randomBytes } from "node:crypto";
import { expireStaleTopUps } from "@kolo/api";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { describe, expect, it } from "vitest";
import { api, balanceOf, forwardWebhook, payCheckout as pay, signUp, startTopUp, useTestServer } from "./helpers";

// Webhooks go to the capture: the test decides when (and how often) the gateway's word arrives.
const { t, server, capture, admin, recordOf, reviewsOf } = useTestServer({ capture: true, admin: "Late Admin" });

describe("a paid top-up is never dropped", () => {
  it("expired by the job, then paid: the webhook credits once (twice delivered), completes it with lateSuccess and opens one review item", async () => {
    const c = await signUp(server.base);
    const started = await startTopUp(c, 2_500);
    const report = await expireStaleTopUps(t.db, server.paystack, server.log, { now: new Date(Date.now() + 2 * 3_600_000), userId: c.user.id });
    expect(report.expired).toBe(1);
    expect(await recordOf(started.reference)).toMatchObject({ status: "failed", metadata: { failureReason: "Checkout expired" } });

    await pay(started.authorizationUrl);
    const [hook] = await capture.waitFor(started.reference, 1);
    const answers = await Promise.all([forwardWebhook(server, hook!), forwardWebhook(server, hook!)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["already-credited", "credited"]);

    expect(await balanceOf(c)).toBe(2_500);
    const record = await recordOf(started.reference);
    expect(record.status).toBe("completed");
    expect(record.metadata).toMatchObject({ lateSuccess: { previousStatus: "failed", previousReason: "Checkout expired" } });
    const reviews = await reviewsOf(started.reference);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ kind: "topup", cause: "late_success", status: "open", userId: c.user.id, amount: 250_000n, providerStatus: "success" });
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("failed by an admin, then paid: verify credits it once; the admin's Fail never blocks the later success", async () => {
    const c = await signUp(server.base);
    const started = await startTopUp(c, 1_200);
    const record = await recordOf(started.reference);
    const failed = await api(admin, "POST", "/api/admin/transactions/update-status", { id: record.id, status: "failed" });
    expect(failed.status).toBe(200);
    expect((await recordOf(started.reference)).status).toBe("failed");

    await pay(started.authorizationUrl);
    const verified = await api(c, "GET", `/api/wallet/verify/${started.reference}`);
    expect(verified.status).toBe(200);
    expect(await balanceOf(c)).toBe(1_200);
    // The webhook, arriving after verify, credits nothing more.
    const [hook] = await capture.waitFor(started.reference, 1);
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("already-credited");
    expect(await balanceOf(c)).toBe(1_200);
    expect((await recordOf(started.reference)).metadata).toMatchObject({
      lateSuccess: { previousStatus: "failed", previousReason: "Failed by an administrator" },
    });
    expect(await reviewsOf(started.reference)).toHaveLength(1);
  });

  it("a declined charge reported after the top-up was ended changes nothing and opens no review item", async () => {
    const c = await signUp(server.base);
    const started = await startTopUp(c, 900);
    await expireStaleTopUps(t.db, server.paystack, server.log, { now: new Date(Date.now() + 2 * 3_600_000), userId: c.user.id });
    const declined = await fetch(`${started.authorizationUrl}/decline`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([303, 200]).toContain(declined.status);
    expect((await api(c, "GET", `/api/wallet/verify/${started.reference}`)).status).toBeLessThan(500);
    expect(await recordOf(started.reference)).toMatchObject({ status: "failed", metadata: { failureReason: "Checkout expired" } });
    expect(await balanceOf(c)).toBe(0);
    expect(await reviewsOf(started.reference)).toEqual([]);
  });

  it("a keyed repeat after the first attempt failed starts a new checkout under a new reference; paying the old one still credits", async () => {
    const c = await signUp(server.base);
    const key = `late-${randomBytes(6).toString("hex")}`;
    const first = await startTopUp(c, 3_000, key);
    expect(await startTopUp(c, 3_000, key)).toEqual(first); // still alive: the same checkout
    await expireStaleTopUps(t.db, server.paystack, server.log, { now: new Date(Date.now() + 2 * 3_600_000), userId: c.user.id });

    const second = await startTopUp(c, 3_000, key);
    expect(second.reference).not.toBe(first.reference);
    expect(second.authorizationUrl).not.toBe(first.authorizationUrl);
    expect(await startTopUp(c, 3_000, key)).toEqual(second);
    expect((await recordOf(second.reference)).status).toBe("pending");

    // The customer pays the dead checkout after all: credited late, once; the new one stays open.
    await pay(first.authorizationUrl);
    const [hook] = await capture.waitFor(first.reference, 1);
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("credited");
    expect(await balanceOf(c)).toBe(3_000);
    expect((await recordOf(second.reference)).status).toBe("pending");
  });
});
