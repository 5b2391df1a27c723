// The sandboxes' controls in hold mode (docs/providers.md "Sandbox controls"), over HTTP with the
// real clients on a real PostgreSQL: a pending VTpass fixture stays pending until
// POST /sandbox/vtpass/requests/{requestId}/release, a queued Paystack payout stays in flight until
// POST /sandbox/paystack/transfers/{reference}/settle (its webhook sent before the answer). No
// timer decides anything here: each state is held until the test moves it on.
import { randomBytes } from "node:crypto";
import { mountSandboxes, vtpassFixtures } from "@kolo/sandboxes";
import Fastify from "fastify";
import { vtpassRequestId } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import { useTestServer } from "./helpers";

// Long windows too: in hold mode they are never used.
const { t, server, capture } = useTestServer({ capture: true, webhookDelayMs: 0, vtpassPendingMs: 0, hold: true });

const post = (path: string) => fetch(`${server.base}${path}`, { method: "POST" });
const requestId = () => vtpassRequestId(new Date(), randomBytes(4).toString("hex"));

describe("VTpass: POST /sandbox/vtpass/requests/{requestId}/release", () => {
  it.each([
    ["201000000000 (pending, then delivered)", { phone: vtpassFixtures.SANDBOX_PHONES.pendingThenDelivered }, "delivered"],
    ["201000000001 (pending, then failed)", { phone: vtpassFixtures.SANDBOX_PHONES.pendingThenFailed }, "failed"],
  ])("%s stays pending on every requery until released, then answers %s", async (_name, { phone }, final) => {
    const id = requestId();
    expect((await server.vtpass.pay({ requestId: id, serviceId: "mtn", phone, amountKobo: 50_000n })).outcome).toBe("pending");
    for (let i = 0; i < 3; i++) expect((await server.vtpass.requery(id)).outcome).toBe("pending");
    const released = await post(`/sandbox/vtpass/requests/${id}/release`);
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ released: true, requestId: id, status: final });
    expect((await server.vtpass.requery(id)).outcome).toBe(final);
    // Only once: it is no longer pending.
    const again = await post(`/sandbox/vtpass/requests/${id}/release`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ released: false, status: final });
  });

  it("meter 2020202020202 stays pending until released, then delivers its token", async () => {
    const id = requestId();
    const meter = vtpassFixtures.SANDBOX_METERS.prepaidPendingThenDelivered;
    const paid = await server.vtpass.pay({
      requestId: id,
      serviceId: "ikeja-electric",
      phone: "08011111111",
      amountKobo: 100_000n,
      variationCode: "prepaid",
      billersCode: meter,
    });
    expect(paid.outcome).toBe("pending");
    expect((await server.vtpass.requery(id)).outcome).toBe("pending");
    expect((await post(`/sandbox/vtpass/requests/${id}/release`)).status).toBe(200);
    expect(await server.vtpass.requery(id)).toMatchObject({ outcome: "delivered", token: "5161-0042-9981-3370-2210" });
  });

  it("smartcard 1010101010 (a GOtv Jinja renewal) stays pending until released, then is delivered", async () => {
    const id = requestId();
    const card = vtpassFixtures.SANDBOX_SMARTCARDS.pendingThenDelivered;
    const renew = { serviceId: "gotv", phone: "08011111111", billersCode: card, subscriptionType: "renew" as const, quantity: 1 };
    // The sandbox refuses a renewal at anything but the current bouquet's price (011).
    expect((await server.vtpass.pay({ ...renew, requestId: requestId(), amountKobo: 100_000n })).outcome).toBe("failed");
    expect((await server.vtpass.pay({ ...renew, requestId: id, amountKobo: 390_000n })).outcome).toBe("pending");
    expect((await server.vtpass.requery(id)).outcome).toBe("pending");
    expect((await post(`/sandbox/vtpass/requests/${id}/release`)).status).toBe(200);
    expect((await server.vtpass.requery(id)).outcome).toBe("delivered");
  });

  it("an unknown or malformed request id is 404; a purchase delivered at once is 409", async () => {
    expect((await post(`/sandbox/vtpass/requests/${requestId()}/release`)).status).toBe(404);
    expect((await post("/sandbox/vtpass/requests/not-an-id/release")).status).toBe(404);
    const id = requestId();
    expect((await server.vtpass.pay({ requestId: id, serviceId: "mtn", phone: "08011111111", amountKobo: 50_000n })).outcome).toBe("delivered");
    expect((await post(`/sandbox/vtpass/requests/${id}/release`)).status).toBe(409);
  });
});

describe("Paystack: POST /sandbox/paystack/transfers/{reference}/settle", () => {
  /** Queues a payout of ₦100 to a fixture account; answers its reference. */
  async function payout(accountNumber: string, bankCode: string) {
    const recipient = await server.paystack.createTransferRecipient({ name: "Control Test", accountNumber, bankCode });
    const reference = `kolo_control_${randomBytes(8).toString("hex")}`;
    const queued = await server.paystack.initiateTransfer({ amountKobo: 10_000n, recipientCode: recipient.recipientCode, reference, reason: "control test" });
    expect(queued.status).toBe("pending");
    return reference;
  }
  const events = (reference: string) => capture.forReference(reference).map((hook) => hook.body.event);

  it("a paid fixture stays in flight, with no webhook, until settled; then transfer.success, sent before the answer", async () => {
    const reference = await payout("0123456785", "058");
    expect((await server.paystack.verifyTransfer(reference)).status).toBe("pending");
    expect(events(reference)).toEqual([]);
    const settled = await post(`/sandbox/paystack/transfers/${reference}/settle`);
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ status: true, data: { reference, status: "success" } });
    expect(events(reference)).toEqual(["transfer.success"]);
    expect((await server.paystack.verifyTransfer(reference)).status).toBe("success");
    expect((await post(`/sandbox/paystack/transfers/${reference}/settle`)).status).toBe(409);
  });

  it("the failed fixture ends failed; the reversal fixture is paid on the first settle and reversed on the second", async () => {
    const failed = await payout("0000000017", "044");
    expect((await post(`/sandbox/paystack/transfers/${failed}/settle`)).status).toBe(200);
    expect(events(failed)).toEqual(["transfer.failed"]);

    const reversed = await payout("0000000024", "044");
    expect((await post(`/sandbox/paystack/transfers/${reversed}/settle`)).status).toBe(200);
    expect((await server.paystack.verifyTransfer(reversed)).status).toBe("success");
    expect(events(reversed)).toEqual(["transfer.success"]);
    expect((await post(`/sandbox/paystack/transfers/${reversed}/settle`)).status).toBe(200);
    expect(events(reversed)).toEqual(["transfer.success", "transfer.reversed"]);
    expect((await server.paystack.verifyTransfer(reversed)).status).toBe("reversed");
  });

  it("the never-ending pending fixture has no step to take (409); an unknown reference is 404", async () => {
    const pending = await payout("0000000031", "044");
    expect((await post(`/sandbox/paystack/transfers/${pending}/settle`)).status).toBe(409);
    expect((await server.paystack.verifyTransfer(pending)).status).toBe("pending");
    expect((await post("/sandbox/paystack/transfers/kolo_no_such_transfer_0/settle")).status).toBe(404);
    expect((await post("/sandbox/paystack/transfers/NOT%20A%20REFERENCE/settle")).status).toBe(404);
  });

  it("two settles at once take one step between them: one webhook", async () => {
    const reference = await payout("0123456785", "058");
    const answers = await Promise.all([post(`/sandbox/paystack/transfers/${reference}/settle`), post(`/sandbox/paystack/transfers/${reference}/settle`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(events(reference)).toEqual(["transfer.success"]);
  });
});

describe("only beside a sandbox", () => {
  it("a server whose providers have keys (no Paystack or VTpass sandbox mounted) has no controls", async () => {
    const app = Fastify();
    await mountSandboxes(app, { db: t.db, publicUrl: "http://127.0.0.1" }, { mail: {} });
    try {
      for (const url of [`/sandbox/vtpass/requests/${requestId()}/release`, "/sandbox/paystack/transfers/kolo_any_reference_0/settle"]) {
        expect((await app.inject({ method: "POST", url })).statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
