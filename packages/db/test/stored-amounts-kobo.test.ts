// Migration 0038 against a real PostgreSQL: the last stored amounts in naira become integer kobo: a
// top-up's metadata `gatewayFee` and `reportedAmount` (-> `gatewayFeeKobo`, `reportedAmountKobo`)
// and a review resolution's audit field `credited` (-> `creditedKobo`); other rows and keys stay.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase } from "../src/testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const migration = () => readFile(new URL("../drizzle/0038_stored-amounts-kobo.sql", import.meta.url), "utf8");

it("converts a top-up's gatewayFee and reportedAmount from naira to kobo fields, and nothing else", async () => {
  const card = { gateway: "paystack", paidAt: "2026-01-02T10:00:00Z", channel: "card", gatewayFee: 15.25 };
  const mismatch = { gateway: "paystack", failureReason: "Amount or currency mismatch", reportedAmount: 999.99, reportedCurrency: "NGN" };
  const payout = { channel: "withdrawal", bankName: "Test Bank", accountNumber: "0123456789", accountName: "Ada", feeKobo: 1000, gatewayFee: 3 };
  await t.client`insert into transactions (type, amount, fee, status, reference, description, metadata)
    values ('topup', 100000, 0, 'completed', 'MIG37-CARD', 'Top-up', ${JSON.stringify(card)}::jsonb),
           ('topup', 100000, 0, 'failed', 'MIG37-MISMATCH', 'Top-up', ${JSON.stringify(mismatch)}::jsonb),
           ('topup', 100000, 0, 'pending', 'MIG37-PENDING', 'Top-up', ${JSON.stringify({ gateway: "paystack" })}::jsonb),
           ('transfer', 100000, 1000, 'completed', 'MIG37-PAYOUT', 'Withdrawal', ${JSON.stringify(payout)}::jsonb)`;
  await t.client.unsafe(await migration());

  const rows = await t.client<{ reference: string; metadata: Record<string, unknown> }[]>`
    select reference, metadata from transactions where reference like 'MIG37-%' order by reference`;
  const { gatewayFee: _fee, ...cardRest } = card;
  const { reportedAmount: _reported, ...mismatchRest } = mismatch;
  expect(rows).toEqual([
    { reference: "MIG37-CARD", metadata: { ...cardRest, gatewayFeeKobo: 1525 } },
    { reference: "MIG37-MISMATCH", metadata: { ...mismatchRest, reportedAmountKobo: 99999 } },
    { reference: "MIG37-PAYOUT", metadata: payout },
    { reference: "MIG37-PENDING", metadata: { gateway: "paystack" } },
  ]);
});

it("converts a review resolution's audit field credited from naira to creditedKobo, and no other audit row", async () => {
  const [admin] = await t.client<{ id: number }[]>`
    insert into users (name, email, password_hash) values ('Audit Admin', 'mig37-admin@example.com', 'x') returning id`;
  const credit = { status: "resolved", resolution: "credit", note: "paid", credited: 700.5 };
  const wallet = { balance: 1000, amount: 1000 };
  await t.client`insert into admin_audit (admin_id, action, subject, before, after)
    values (${admin!.id}, 'review_resolve', 'review:1', ${JSON.stringify({ status: "open" })}::jsonb, ${JSON.stringify(credit)}::jsonb),
           (${admin!.id}, 'review_resolve', 'review:2', null, ${JSON.stringify({ status: "resolved", resolution: "dismiss" })}::jsonb),
           (${admin!.id}, 'wallet_credit', 'user:1', null, ${JSON.stringify(wallet)}::jsonb)`;
  await t.client.unsafe(await migration());

  const rows = await t.client<{ subject: string; after: Record<string, unknown> }[]>`
    select subject, after from admin_audit where admin_id = ${admin!.id} order by subject`;
  const { credited: _credited, ...rest } = credit;
  expect(rows).toEqual([
    { subject: "review:1", after: { ...rest, creditedKobo: 70050 } },
    { subject: "review:2", after: { status: "resolved", resolution: "dismiss" } },
    { subject: "user:1", after: wallet },
  ]);
});
