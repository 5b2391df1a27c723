// Migrations 0038 and 0042 against a real PostgreSQL: the last stored amounts in naira become integer kobo: a
// top-up's metadata `gatewayFee` and `reportedAmount` (-> `gatewayFeeKobo`, `reportedAmountKobo`), a review
// resolution's audit field `credited` (-> `creditedKobo`), and the audit's amount, balance and threshold value.
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

// Migration 0042: the admin audit's other amounts (amount, balance, the approval threshold's value).
const auditMigration = () => readFile(new URL("../drizzle/0042_audit-amounts-kobo.sql", import.meta.url), "utf8");

it("converts the audit's amount, balance and threshold value to kobo keys, and leaves other numbers and rows alone", async () => {
  const [admin] = await t.client<{ id: number }[]>`
    insert into users (name, email, password_hash) values ('Audit Admin Two', 'mig42-admin@example.com', 'x') returning id`;
  const rows: [string, string, unknown, unknown][] = [
    ["wallet_credit", "user:7", { balance: 500.5 }, { balance: 2000.5, amount: 1500, description: "Goodwill", reference: "ADJ-1" }],
    ["transaction_status", "transaction:9", { status: "pending" }, { status: "completed", amount: 250.75, type: "airtime" }],
    ["setting", "setting:adjustment_approval_threshold", { value: 100000 }, { value: 50000, requestedBy: 3, approvalId: 4 }],
    ["approval_approve", "approval:4", { status: "pending" }, { status: "approved", kind: "setting", value: 50000, amount: null }],
    ["setting", "setting:feature_cable", { value: true }, { value: false }],
    ["user_role", "user:8", { role: "user" }, { role: "admin", approvalId: 5 }],
  ];
  for (const [action, subject, before, after] of rows)
    await t.client`insert into admin_audit (admin_id, action, subject, before, after)
      values (${admin!.id}, ${action}, ${subject}, ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`;
  await t.client.unsafe(await auditMigration());

  const migrated = await t.client<{ subject: string; before: unknown; after: unknown }[]>`
    select subject, before, after from admin_audit where admin_id = ${admin!.id} order by id`;
  expect(migrated).toEqual([
    { subject: "user:7", before: { balanceKobo: 50050 }, after: { balanceKobo: 200050, amountKobo: 150000, description: "Goodwill", reference: "ADJ-1" } },
    { subject: "transaction:9", before: { status: "pending" }, after: { status: "completed", amountKobo: 25075, type: "airtime" } },
    { subject: "setting:adjustment_approval_threshold", before: { valueKobo: 10000000 }, after: { valueKobo: 5000000, requestedBy: 3, approvalId: 4 } },
    { subject: "approval:4", before: { status: "pending" }, after: { status: "approved", kind: "setting", valueKobo: 5000000, amount: null } },
    { subject: "setting:feature_cable", before: { value: true }, after: { value: false } },
    { subject: "user:8", before: { role: "user" }, after: { role: "admin", approvalId: 5 } },
  ]);
});
