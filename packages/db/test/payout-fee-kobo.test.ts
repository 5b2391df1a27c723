// Migration 0036 against a real PostgreSQL: a payout's stored fee in naira (`metadata.fee`) becomes
// `metadata.feeKobo`, an integer of kobo; other records and other keys are left alone.
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

it("converts a payout's metadata.fee from naira to feeKobo, and nothing else", async () => {
  const payout = { channel: "withdrawal", bankName: "Test Bank", accountNumber: "0123456789", accountName: "Ada", fee: 50.5, narration: "x" };
  await t.client`insert into transactions (type, amount, fee, status, reference, description, metadata)
    values ('transfer', 505000, 5050, 'completed', 'MIG-PAYOUT-1', 'Withdrawal', ${JSON.stringify(payout)}::jsonb),
           ('transfer', 100000, 1000, 'completed', 'MIG-PAYOUT-2', 'Withdrawal', ${JSON.stringify({ ...payout, fee: 10 })}::jsonb),
           ('topup', 100000, 0, 'completed', 'MIG-TOPUP-1', 'Top-up', ${JSON.stringify({ gateway: "paystack", gatewayFee: 15 })}::jsonb)`;
  const migration = await readFile(new URL("../drizzle/0036_payout_fee_kobo.sql", import.meta.url), "utf8");
  await t.client.unsafe(migration);

  const rows = await t.client<{ reference: string; metadata: Record<string, unknown> }[]>`
    select reference, metadata from transactions where reference like 'MIG-%' order by reference`;
  const { fee: _naira, ...rest } = payout;
  expect(rows).toEqual([
    { reference: "MIG-PAYOUT-1", metadata: { ...rest, feeKobo: 5050 } },
    { reference: "MIG-PAYOUT-2", metadata: { ...rest, feeKobo: 1000 } },
    { reference: "MIG-TOPUP-1", metadata: { gateway: "paystack", gatewayFee: 15 } },
  ]);
});
