// The fault campaign's checks catch what they are for (apps/server/src/fault-campaign/invariants.ts):
// on a ledger where one card top-up was credited through the webhook, all five hold; a second
// credit of the same reference, a provider success Kolo never heard of, and an acknowledged
// operation with no record each break the invariant that names them. Real PostgreSQL. Also its
// command line's `--ha`.
import { ensureUserWallet, postJournalEntry, schema, systemAccountId } from "@kolo/db";
import { useTestDatabase } from "@kolo/db/testing";
import { SYSTEM_ACCOUNTS } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import { parseCampaignArgs } from "../src/fault-campaign/campaign";
import { checkInvariants } from "../src/fault-campaign/invariants";
import { fundWallet } from "./helpers";

const { t } = useTestDatabase();

const broken = async (acknowledged: Parameters<typeof checkInvariants>[2] = []) =>
  (await checkInvariants(t.db, t.client, acknowledged)).filter((invariant) => !invariant.ok).map((invariant) => invariant.name);

describe("fault campaign invariants", () => {
  it("hold on a clean ledger and name each planted fault", async () => {
    const [user] = await t.db.insert(schema.users).values({ name: "Invariant User", email: "invariant@example.com", passwordHash: "x" }).returning();
    await fundWallet(t.db, user!.id, 2_500);
    const [topup] = await t.client<{ id: number; reference: string }[]>`select id, reference from transactions where recipient_id = ${user!.id}`;
    const ack = { kind: "topup", key: "campaign-key-1", userId: user!.id, reference: topup!.reference };
    expect(await broken([ack])).toEqual([]);

    // A second credit of the same reference (what a review credit beside the webhook's was).
    await postJournalEntry(t.db, {
      idempotencyKey: `review:1:credit`,
      kind: "review-credit",
      description: "planted second credit",
      postings: [
        { accountId: await ensureUserWallet(t.db, user!.id), amount: 250_000n },
        { accountId: await systemAccountId(t.db, SYSTEM_ACCOUNTS.gatewayClearing), amount: -250_000n },
      ],
      transactionId: topup!.id,
    });
    expect(await broken([ack])).toEqual(["no provider reference credited twice", "user and merchant balances = money in - money out - fees"]);

    // A charge the gateway holds as paid that Kolo never completed nor put up for review.
    await t.db.insert(schema.paystackSandboxCharges).values({
      reference: "KOLO-TOP-UNSEEN",
      accessCode: "unseen",
      amount: 100_000,
      currency: "NGN",
      email: "invariant@example.com",
      callbackUrl: "http://localhost/",
      status: "success",
    });
    // An operation the client was told succeeded, with no record.
    const lost = { kind: "p2p", key: "campaign-key-2", userId: user!.id, reference: "P2P-NEVER-WRITTEN" };
    expect(await broken([ack, lost])).toEqual([
      "no provider reference credited twice",
      "every provider-side success is one Kolo completion or one review item",
      "user and merchant balances = money in - money out - fees",
      "every acknowledged operation exists exactly once",
    ]);
  });
});

describe("fault campaign arguments", () => {
  it("--ha runs on ha up's two servers; --servers beside it is refused", () => {
    expect(parseCampaignArgs(["--ha", "--ops", "2000", "--seed", "3"])).toMatchObject({ ha: true, servers: 2, ops: 2_000, seed: 3 });
    expect(parseCampaignArgs(["--ops=500", "--servers", "3"])).toMatchObject({ servers: 3, ops: 500 });
    expect(parseCampaignArgs(["--ops=500"]).ha).toBeUndefined();
    expect(() => parseCampaignArgs(["--ha", "--servers", "3"])).toThrow("--ha runs `ha up`'s two servers: leave out --servers");
  });
});
