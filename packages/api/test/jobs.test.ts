// The background-job kit against a real PostgreSQL: one requery step with a controllable clock,
// and pg-boss itself (a job outlives the process that sent it; two workers run each job once).
import type { Database } from "@kolo/db";
import { useTestDatabase } from "@kolo/db/testing";
import { REQUERY_WINDOW_MS } from "@kolo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Jobs, REQUERY_HEARTBEAT_SECONDS, REQUERY_QUEUE, type RequeryKind, runRequery } from "../src/index";
import { testServices } from "./helpers";

const { t: database } = useTestDatabase();
let db: Database;
beforeAll(() => {
  db = database.db;
});

/** A kind whose provider answers from `answers` (by reference), counting checks and flags. */
function scriptedKind(answers: Record<string, Array<"final" | "pending" | "throw">>) {
  const checks: string[] = [];
  const flags: string[] = [];
  const kind: RequeryKind = {
    kind: "scripted",
    check: async (_ctx, reference) => {
      checks.push(reference);
      const answer = answers[reference]?.shift() ?? "final";
      if (answer === "throw") throw new Error("provider unreachable");
      return answer;
    },
    flag: async (_ctx, reference) => void flags.push(reference),
  };
  return { kind, checks, flags };
}

const startedAt = new Date("2026-11-22T08:00:00Z");
const job = (reference: string, attempt = 0) => ({ kind: "scripted", reference, attempt, startedAt: startedAt.toISOString() });

describe("runRequery: one step", () => {
  it("stops when the provider's answer is final", async () => {
    const { kind, checks } = scriptedKind({ A: ["final"] });
    const result = await runRequery({ db, services: testServices(), now: startedAt }, job("A"), [kind]);
    expect(result).toEqual({ outcome: "final" });
    expect(checks).toEqual(["A"]);
  });

  it("retries a pending or unreachable answer with a backed-off delay", async () => {
    const { kind } = scriptedKind({ B: ["pending", "throw"] });
    const ctx = { db, services: testServices(), now: new Date(startedAt.getTime() + 60_000) };
    expect(await runRequery(ctx, job("B", 0), [kind])).toEqual({ outcome: "retry", delayMs: 30_000 });
    expect(await runRequery(ctx, job("B", 2), [kind])).toEqual({ outcome: "retry", delayMs: 120_000 });
  });

  it("flags once 24 h have passed, and only then", async () => {
    const { kind, flags } = scriptedKind({ C: ["pending", "pending"] });
    const before = { db, services: testServices(), now: new Date(startedAt.getTime() + REQUERY_WINDOW_MS - 1) };
    expect((await runRequery(before, job("C", 40), [kind])).outcome).toBe("retry");
    expect(flags).toEqual([]);
    const after = { db, services: testServices(), now: new Date(startedAt.getTime() + REQUERY_WINDOW_MS) };
    expect(await runRequery(after, job("C", 41), [kind])).toEqual({ outcome: "flag" });
    expect(flags).toEqual(["C"]);
  });

  it("refuses an unknown kind", async () => {
    await expect(runRequery({ db, services: testServices(), now: startedAt }, { ...job("D"), kind: "nope" }, [])).rejects.toThrow(/Unknown requery kind/);
  });
});

/** pg-boss's state of the requery job(s) for `reference`. */
async function jobStates(reference: string): Promise<string[]> {
  const rows =
    await database.client`select state from pgboss.job where name = ${REQUERY_QUEUE} and singleton_key = ${`scripted:${reference}`} order by created_on`;
  return rows.map((r) => r.state as string);
}

describe("Jobs on pg-boss", () => {
  it("a requery sent by a server that stops is run by the next one, pending steps chained until final", async () => {
    const { kind, checks } = scriptedKind({ R1: ["pending", "pending", "final"] });
    const sender = new Jobs({ connectionString: database.url, workers: false, kinds: [kind], firstDelayMs: 0 });
    await sender.start(db, testServices());
    await sender.requery("scripted", "R1");
    await sender.requery("scripted", "R1"); // repeated while queued: no second job
    await sender.stop();
    expect(await jobStates("R1")).toEqual(["created"]);
    expect(checks).toEqual([]);

    const worker = new Jobs({ connectionString: database.url, kinds: [kind], firstDelayMs: 0, pollingIntervalSeconds: 0.5, topUpExpiry: false });
    await worker.start(db, testServices());
    try {
      await expect.poll(() => jobStates("R1"), { timeout: 30_000, interval: 200 }).toEqual(["completed", "completed", "completed"]);
      expect(checks).toEqual(["R1", "R1", "R1"]);
    } finally {
      await worker.stop();
    }
  });

  it("two workers on one database run each job once", async () => {
    const references = ["W1", "W2", "W3", "W4", "W5", "W6"];
    const { kind, checks } = scriptedKind({});
    const sender = new Jobs({ connectionString: database.url, workers: false, kinds: [kind], firstDelayMs: 0 });
    await sender.start(db, testServices());
    for (const reference of references) await sender.requery("scripted", reference);
    await sender.stop();
    const workers = [1, 2].map(
      () => new Jobs({ connectionString: database.url, kinds: [kind], firstDelayMs: 0, pollingIntervalSeconds: 0.5, topUpExpiry: false }),
    );
    await Promise.all(workers.map((w) => w.start(db, testServices())));
    try {
      for (const reference of references) await expect.poll(() => jobStates(reference), { timeout: 30_000, interval: 200 }).toEqual(["completed"]);
      expect([...checks].sort()).toEqual(references);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  it("a step left active by a server killed mid-check (its heartbeat stopped) is failed and run again by a live server", async () => {
    const { kind, checks } = scriptedKind({});
    const sender = new Jobs({ connectionString: database.url, workers: false, kinds: [kind], firstDelayMs: 0 });
    await sender.start(db, testServices());
    await sender.requery("scripted", "K1");
    await sender.stop();
    // What a SIGKILLed worker leaves: the step active, its last heartbeat a minute old.
    const claimed = await database.client`
      update pgboss.job set state = 'active', started_on = now() - interval '1 minute', heartbeat_on = now() - interval '1 minute'
      where name = ${REQUERY_QUEUE} and singleton_key = 'scripted:K1' returning heartbeat_seconds`;
    expect(claimed.map((row) => row.heartbeat_seconds)).toEqual([REQUERY_HEARTBEAT_SECONDS]);

    const survivor = new Jobs({ connectionString: database.url, kinds: [kind], firstDelayMs: 0, pollingIntervalSeconds: 0.5, topUpExpiry: false });
    await survivor.start(db, testServices());
    try {
      // Well before the step's 120 s expiry: the next monitor pass (every 10 s) sees the missed heartbeat.
      await expect.poll(() => jobStates("K1"), { timeout: 40_000, interval: 250 }).toEqual(["completed"]);
      expect(checks).toEqual(["K1"]);
    } finally {
      await survivor.stop();
    }
  });
});
