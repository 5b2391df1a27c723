// Airtime purchases through the tRPC caller: an unreachable VTpass leaves the purchase
// pending with its money held and schedules the "purchase" requery job; nothing is refunded on a guess.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, useTestDatabase } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PURCHASE_REQUERY_KIND, REQUERY_KINDS, recordingScheduler, runRequery } from "../src/index";
import { callerWith, fundUser, registerUser, testServices } from "./helpers";

const { t } = useTestDatabase();

describe("a purchase VTpass cannot be asked about", () => {
  it("stays pending with the money held, schedules the purchase requery, and is never refunded by the job", async () => {
    const jobs = recordingScheduler();
    const services = testServices({ jobs }); // VTpass on a closed port: no answer at all
    const { user, jar } = await registerUser(t.db, {}, services);
    await fundUser(t.db, user.id, 100_000n);
    const { caller } = await callerWith(t.db, jar, services);

    const answer = await caller.purchases.airtime({ phoneNumber: "08011111111", amount: 500, network: "mtn" });
    expect(answer).toMatchObject({
      status: "pending",
      message: "Airtime Purchase Pending",
      warning: "Your purchase is being processed. We will update you shortly.",
    });
    expect(jobs.requested).toEqual([{ kind: PURCHASE_REQUERY_KIND, reference: answer.transaction.reference }]);
    expect((await caller.auth.me()).balance).toBe(500);

    // The job asks again and still gets no answer: it retries, the money stays held.
    const step = await runRequery(
      { db: t.db, services, now: new Date() },
      { kind: PURCHASE_REQUERY_KIND, reference: answer.transaction.reference, attempt: 0, startedAt: new Date().toISOString() },
      REQUERY_KINDS,
    );
    expect(step).toEqual({ outcome: "retry", delayMs: 30_000 });
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, answer.transaction.reference));
    expect(record!.status).toBe("pending");
    expect((await caller.auth.me()).balance).toBe(500);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
