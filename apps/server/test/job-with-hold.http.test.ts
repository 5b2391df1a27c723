// No money held without its follow-up (docs/money-integrity.md): the requery job of a payout or a
// purchase is written by pg-boss in the same database transaction as its hold. With a real pg-boss
// on the test database, a job insert that fails (a trigger refuses it) leaves no hold, no record
// and the wallet as it was, and the client is told to try again (503); once inserts work, the same
// request goes through and its job is queued.
import { Jobs, PAYOUT_REQUERY_KIND, PURCHASE_REQUERY_KIND } from "@kolo/api";
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, promoteToAdmin } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, api, balanceOf, signUp, useTestServer } from "./helpers";

let jobs: Jobs;
let admin: Client;
const { t, server, services } = useTestServer((t) => {
  // This process only sends jobs (no workers): the test reads the queue.
  jobs = new Jobs({ connectionString: t.url, workers: false, topUpExpiry: false, poolMax: 2 });
  return { services: { jobs } };
});
beforeAll(async () => {
  await jobs.start(t.db, services);
  admin = await signUp(server.base, "Jobs Admin");
  await promoteToAdmin(t.db, admin.user.id);
});
afterAll(() => jobs.stop());

const refuseJobInserts = () =>
  t.client.unsafe(`
    create or replace function test_refuse_jobs() returns trigger language plpgsql as $$ begin raise exception 'job insert refused by the test'; end $$;
    create trigger test_refuse_jobs before insert on pgboss.job for each row execute function test_refuse_jobs();`);
const allowJobInserts = () => t.client.unsafe(`drop trigger if exists test_refuse_jobs on pgboss.job`);

describe("the requery job is written with its hold", () => {
  it("a payout and a purchase whose job cannot be written hold nothing and answer 503; afterwards they go through with their job queued", async () => {
    const c = await signUp(server.base, "Held User");
    await t.db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, c.user.id));
    expect((await api(admin, "POST", `/api/admin/users/${c.user.id}/wallet`, { amount: 5_000, type: "credit" })).status).toBe(200);
    const saved = await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS.stuck });
    const { id: bankAccountId } = (await saved.json()) as { id: number };
    const records = () => t.db.select().from(schema.transactions).where(eq(schema.transactions.senderId, c.user.id));
    const holds = () => t.db.select().from(schema.holds).where(eq(schema.holds.userId, c.user.id));

    await refuseJobInserts();
    try {
      const withdraw = await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 1_000 });
      expect([withdraw.status, ((await withdraw.json()) as { message: string }).message]).toEqual([503, "Service temporarily unavailable"]);
      const airtime = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000000", amount: 500, network: "mtn" });
      expect(airtime.status).toBe(503);
      expect(await records()).toEqual([]);
      expect(await holds()).toEqual([]);
      expect(await balanceOf(c)).toBe(5_000);
    } finally {
      await allowJobInserts();
    }

    const withdraw = await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 1_000 });
    expect(withdraw.status).toBe(200);
    const payout = ((await withdraw.json()) as { transaction: { reference: string } }).transaction.reference;
    const airtime = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000000", amount: 500, network: "mtn" });
    expect(airtime.status).toBe(202);
    const purchase = ((await airtime.json()) as { transaction: { reference: string } }).transaction.reference;
    expect(await jobs.queued(PAYOUT_REQUERY_KIND, payout)).toBe(1);
    expect(await jobs.queued(PURCHASE_REQUERY_KIND, purchase)).toBe(1);
    expect((await holds()).map((h) => h.status)).toEqual(["held", "held"]);
    expect(await balanceOf(c)).toBe(5_000 - 1_050 - 500);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
