// Flat reads at scale (docs/performance.md "Flat reads"), through the real server on a real
// PostgreSQL: the admin list's tab counts come from counts kept at each commit, exact after
// transfers, purchases and payouts that end every way (and untouched by a rolled-back insert);
// keyset cursors beside `page` give the same pages as OFFSET, with the filters, in the admin list
// and the user's History; a bad cursor is a 400 that names it.
import { transactionStatusCounts } from "@kolo/db";
import { describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, api, forwardWebhook, signUp, useTestServer } from "./helpers";

const { t, server, capture, admin } = useTestServer({ capture: true, admin: "Counts Admin" });

const STATUSES = ["pending", "processing", "completed", "failed", "reversed"] as const;

/** The kept counts per status (the slot rows summed) and a fresh count(*) of the table. */
async function keptAndCounted() {
  const [kept] = await t.client`
    select sum(pending)::int as pending, sum(processing)::int as processing, sum(completed)::int as completed,
           sum(failed)::int as failed, sum(reversed)::int as reversed
    from transaction_counts`;
  const rows = await t.client`select status::text, count(*)::int as n from transactions group by status`;
  const counted = Object.fromEntries(STATUSES.map((status) => [status, rows.find((r) => r.status === status)?.n ?? 0]));
  return { kept: { ...kept }, counted };
}

/** A level-2 user with `naira` credited by the admin and the fixture account `account` saved. */
async function payoutUser(naira: number, account: keyof typeof PAYOUT_ACCOUNTS) {
  const c = await signUp(server.base, "Counted User");
  await t.client`update users set verification_level = 2 where id = ${c.user.id}`;
  expect((await api(admin, "POST", `/api/admin/users/${c.user.id}/wallet`, { amount: naira, type: "credit" })).status).toBe(200);
  const saved = await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS[account] });
  expect(saved.status).toBe(201);
  return { c, bankAccountId: ((await saved.json()) as { id: number }).id };
}

/** Sends a payout and delivers the provider's webhooks for it (`hooks` of them), in order. */
async function payout(c: Client, bankAccountId: number, amount: number, hooks: number) {
  const sent = await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount });
  expect(sent.status).toBe(200);
  const { transaction } = (await sent.json()) as { transaction: { reference: string } };
  for (const hook of await capture.waitFor(transaction.reference, hooks)) expect((await forwardWebhook(server, hook)).status).toBe(200);
}

interface AdminPage {
  transactions: { id: number; status: string; reference: string }[];
  total: number;
  counts: Record<string, number>;
  nextCursor: string | null;
}
const adminList = async (query: string): Promise<AdminPage> => {
  const response = await api(admin, "GET", `/api/admin/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AdminPage;
};

describe("the admin list's tab counts", () => {
  it("equal a fresh count(*) after transfers, a purchase and payouts completed, failed and reversed; a rolled-back insert counts nothing", async () => {
    const payer = await payoutUser(20_000, "success");
    const payee = await signUp(server.base, "Counted Payee");
    // Concurrent transfers: each commits its count to its connection's slot.
    const transfers = await Promise.all(
      [100, 200, 300, 400, 500, 600].map((amount) => api(payer.c, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount })),
    );
    expect(transfers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await api(payer.c, "POST", "/api/airtime", { phoneNumber: "08031234567", amount: 100, network: "mtn" })).status).toBe(200);
    await payout(payer.c, payer.bankAccountId, 1_000, 1);
    const failing = await payoutUser(5_000, "failed");
    await payout(failing.c, failing.bankAccountId, 1_000, 1);
    const reversing = await payoutUser(5_000, "reversed");
    await payout(reversing.c, reversing.bankAccountId, 1_000, 2);
    // A payout left in flight: processing.
    const stuck = await payoutUser(5_000, "stuck");
    expect((await api(stuck.c, "POST", "/api/wallet/withdraw", { bankAccountId: stuck.bankAccountId, amount: 500 })).status).toBe(200);

    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(counted.completed).toBeGreaterThanOrEqual(8);
    expect(counted.failed).toBeGreaterThanOrEqual(1);
    expect(counted.reversed).toBeGreaterThanOrEqual(1);
    expect(counted.processing + counted.pending).toBeGreaterThanOrEqual(1);
    // The list answers the kept counts; `all` includes the reversed.
    const page = await adminList("?limit=5");
    const all = STATUSES.reduce((sum, status) => sum + counted[status]!, 0);
    expect(page.counts).toEqual({ all, pending: counted.pending, processing: counted.processing, completed: counted.completed, failed: counted.failed });
    expect(await transactionStatusCounts(t.db)).toEqual(page.counts);

    // An insert rolled back counts nothing.
    await t.client
      .begin(async (tx) => {
        await tx`insert into transactions (type, amount, status, reference, description) values ('other', 100, 'completed', 'ROLLED-BACK-1', 'never')`;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await keptAndCounted()).kept).toEqual(counted);
  });

  it("kolo_recount_transactions (the migration's backfill) puts wrong counts right", async () => {
    await t.client`update transaction_counts set completed = completed + 7, failed = failed - 2 where slot = 3`;
    await t.client`select kolo_recount_transactions()`;
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  });
});

describe("keyset cursors beside page", () => {
  it("the admin list: cursor pages equal OFFSET pages, with a status tab and a reference filter, ties on created_at broken by id", async () => {
    // Four records share one instant: the order falls to the id.
    await t.client`update transactions set created_at = '2026-01-05T10:00:00.123456Z' where id in (select id from transactions order by id limit 4)`;
    const [{ reference }] = (await t.client`select reference from transactions order by id limit 1`) as unknown as [{ reference: string }];
    const prefix = encodeURIComponent(reference.slice(0, 3).toLowerCase());
    for (const filter of ["", "&status=completed", `&reference=${prefix}`, `&status=completed&reference=${prefix}`]) {
      const byPage: number[] = [];
      const first = await adminList(`?limit=3${filter}`);
      for (let page = 1; page <= Math.ceil(first.total / 3); page++)
        byPage.push(...(await adminList(`?limit=3&page=${page}${filter}`)).transactions.map((r) => r.id));
      const byCursor: number[] = [];
      let cursor: string | null = null;
      do {
        const answer: AdminPage = await adminList(`?limit=3${filter}${cursor ? `&cursor=${cursor}` : ""}`);
        byCursor.push(...answer.transactions.map((r) => r.id));
        expect(answer.counts).toEqual(first.counts);
        cursor = answer.nextCursor;
      } while (cursor !== null);
      expect(byCursor, filter).toEqual(byPage);
      expect(byCursor.length, filter).toBe(first.total);
    }
  });

  it("the user's History: cursor pages equal the whole list, with a tab; the last page's last row ends it", async () => {
    const payer = await payoutUser(10_000, "success");
    const payee = await signUp(server.base, "History Payee");
    for (const amount of [10, 20, 30, 40, 50])
      expect((await api(payer.c, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount })).status).toBe(200);
    for (const tab of ["", "&tab=transfer"]) {
      const whole = (await (await api(payer.c, "GET", `/api/transactions?limit=500${tab}`)).json()) as { id: number }[];
      const paged: number[] = [];
      let cursor: number | undefined;
      for (;;) {
        const response = await api(payer.c, "GET", `/api/transactions?limit=2${tab}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(response.status).toBe(200);
        const rows = (await response.json()) as { id: number }[];
        paged.push(...rows.map((r) => r.id));
        if (rows.length < 2) break;
        cursor = rows.at(-1)!.id;
      }
      expect(paged, tab).toEqual(whole.map((r) => r.id));
    }
  });

  it("a bad cursor is a 400 naming it: not digits, no such transaction, or another user's", async () => {
    const other = await signUp(server.base, "Cursor Stranger");
    const [someone] =
      await t.client`select id from transactions where sender_id is distinct from ${other.user.id} and recipient_id is distinct from ${other.user.id} limit 1`;
    const answers = [
      await api(admin, "GET", "/api/admin/transactions?cursor=abc"),
      await api(admin, "GET", "/api/admin/transactions?cursor=-4"),
      await api(admin, "GET", "/api/admin/transactions?cursor=2147483647"),
      await api(other, "GET", "/api/transactions?cursor=1.5"),
      await api(other, "GET", `/api/transactions?cursor=${someone!.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { code: string; message: string; details: Record<string, unknown> };
      expect(body.code).toBe("VALIDATION");
      expect(JSON.stringify(body)).toContain("Cursor is not valid");
      expect(body.details).toHaveProperty("cursor");
    }
  });
});
