// The reconciliation's read of Kolo's records of a day against a provider's long list of references:
// a day of 100,000 provider records is more references than one statement has bind parameters;
// a record both of the day and named is answered once, and only records of the asked types.
import { expect, it } from "vitest";
import { recordsForReconciliation } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

it("finds the day's records and those a provider names among 70,000 references", async () => {
  const day = { from: new Date("2026-03-10T23:00:00Z"), to: new Date("2026-03-11T23:00:00Z") };
  await t.client`
    insert into transactions (type, amount, status, reference, description, created_at) values
      ('topup', 100000, 'completed', 'IN-DAY-1', 'Wallet top-up', '2026-03-11T09:00:00Z'),
      ('topup', 250000, 'completed', 'EARLIER-1', 'Wallet top-up', '2026-03-09T09:00:00Z'),
      ('topup', 300000, 'completed', 'EARLIER-2', 'Wallet top-up', '2026-03-08T09:00:00Z'),
      ('p2p', 5000, 'completed', 'P2P-NAMED', 'Transfer', '2026-03-09T10:00:00Z'),
      ('p2p', 7000, 'completed', 'P2P-IN-DAY', 'Transfer', '2026-03-11T10:00:00Z')`;
  // EARLIER-1 named; IN-DAY-1 both in the day and named (once in the answer); a P2P named and one in the day: other types.
  const references = [...Array.from({ length: 70_000 }, (_, i) => `NO-SUCH-${i}`), "EARLIER-1", "IN-DAY-1", "P2P-NAMED"];

  const records = await recordsForReconciliation(t.db, { types: ["topup"], ...day, references });

  expect(records.map((r) => r.reference).sort()).toEqual(["EARLIER-1", "IN-DAY-1"]);
  expect((await recordsForReconciliation(t.db, { types: ["topup"], ...day, references: [] })).map((r) => r.reference)).toEqual(["IN-DAY-1"]);
});
