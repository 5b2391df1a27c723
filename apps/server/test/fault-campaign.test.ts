// The fault campaign as `npm test` runs it (docs/operations.md "Fault campaign"): 1,000 seeded
// operations of every money kind on its own two-server cluster behind HAProxy, webhooks relayed
// shuffled, duplicated and late, one server SIGKILLed halfway and started again; every invariant
// holds. FAULT_CAMPAIGN_SEED=<n> runs another seed (the campaign prints its line either way).
import { describe, expect, it } from "vitest";
import { runCampaign } from "../src/fault-campaign/campaign";

const SEED = Number(process.env.FAULT_CAMPAIGN_SEED ?? 20_261_126);

describe("fault campaign", () => {
  it("1,000 operations with provider faults, relayed webhooks and a SIGKILL: all invariants hold", { timeout: 600_000 }, async () => {
    const result = await runCampaign({ ops: 1_000, seed: SEED, servers: 2 });
    console.log(result.line);
    for (const invariant of result.invariants) console.log(`${invariant.ok ? "ok    " : "BROKEN"}  ${invariant.name}: ${invariant.detail}`);
    expect(result.invariants.filter((invariant) => !invariant.ok)).toEqual([]);
    expect(result.invariants).toHaveLength(5);
    expect(result.kills).toBe(1);
    // The mix reached every kind (a refused kind would prove nothing about its money).
    const acknowledged = (prefix: string) => Object.entries(result.byKind).filter(([kind, n]) => kind.startsWith(prefix) && n.ok > 0).length;
    for (const kind of ["p2p", "topup paid", "topup paidLate", "transferIn", "bankTransfer", "withdrawal", "airtime", "data", "electricity"])
      expect(acknowledged(kind), kind).toBeGreaterThan(0);
    for (const kind of ["merchantPayment", "invoicePayment", "merchantWithdrawal", "adjustment approved", "reconciliation"])
      expect(acknowledged(kind), kind).toBeGreaterThan(0);
    expect(result.webhooks.duplicated).toBeGreaterThan(0);
    expect(result.webhooks.late).toBeGreaterThan(0);
    expect(result.webhooks.failedForwards).toBe(0);
  });
});
