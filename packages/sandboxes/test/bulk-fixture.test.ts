// The Paystack sandbox's bench-only bulk fixture: a day of provider records mirroring Kolo's, the rest
// abandoned checkouts, added once however often it is called.
import { useTestDatabase } from "@kolo/db/testing";
import { expect, it } from "vitest";
import { holdSandboxDay } from "../src/index";

const { t } = useTestDatabase();

it("mirrors the day's top-ups and payouts, fills the day with abandoned checkouts, and adds nothing twice", async () => {
  const day = { from: new Date("2026-03-10T23:00:00Z"), to: new Date("2026-03-11T23:00:00Z") };
  await t.client`
    insert into transactions (type, amount, status, reference, description, metadata, created_at) values
      ('topup', 100000, 'completed', 'TOPUP-PAID', 'Wallet top-up', '{"gateway":"paystack"}', '2026-03-11T09:00:00Z'),
      ('topup', 200000, 'pending', 'TOPUP-OPEN', 'Wallet top-up', '{"gateway":"paystack"}', '2026-03-11T10:00:00Z'),
      ('topup', 300000, 'completed', 'TOPUP-OTHER-DAY', 'Wallet top-up', '{"gateway":"paystack"}', '2026-03-09T09:00:00Z'),
      ('transfer', 500000, 'completed', 'PAYOUT-PAID', 'Withdrawal', '{"channel":"bank"}', '2026-03-11T11:00:00Z'),
      ('p2p', 700, 'completed', 'P2P-1', 'Transfer', '{}', '2026-03-11T12:00:00Z')`;

  const first = await holdSandboxDay(t.db, { ...day, total: 50, tag: "d1" });
  expect(first).toEqual({ mirroredCharges: 2, mirroredTransfers: 1, abandoned: 47, total: 50 });
  const charges = await t.client<{ reference: string; amount: string; status: string; paid: boolean }[]>`
    select reference, amount, status, paid_at is not null as paid from paystack_sandbox_charges where reference like 'TOPUP-%' order by reference`;
  expect(charges).toEqual([
    { reference: "TOPUP-OPEN", amount: "200000", status: "abandoned", paid: false },
    { reference: "TOPUP-PAID", amount: "100000", status: "success", paid: true },
  ]);
  const [payout] = await t.client<{ status: string; amount: string }[]>`select status, amount from paystack_sandbox_transfers where reference = 'PAYOUT-PAID'`;
  expect(payout).toEqual({ status: "success", amount: "500000" });
  const [outside] = await t.client<{ n: string }[]>`
    select count(*) as n from paystack_sandbox_charges where created_at < ${day.from.toISOString()} or created_at >= ${day.to.toISOString()}`;
  expect(Number(outside!.n)).toBe(0);

  expect(await holdSandboxDay(t.db, { ...day, total: 50, tag: "d1" })).toEqual({ mirroredCharges: 0, mirroredTransfers: 0, abandoned: 0, total: 50 });
  expect(await holdSandboxDay(t.db, { ...day, total: 60, tag: "d1" })).toEqual({ mirroredCharges: 0, mirroredTransfers: 0, abandoned: 10, total: 60 });
});
