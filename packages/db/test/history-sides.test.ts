// History reads one side of a user's records for a tab whose types only ever have the user on that
// side (TYPES_WITHOUT_SENDER, TYPES_WITHOUT_RECIPIENT): the database refuses a record that would
// break it (check transactions_parties_by_type), so no record can be left out of a tab.
import { TYPES_WITHOUT_RECIPIENT, TYPES_WITHOUT_SENDER } from "@kolo/domain";
import { expect, it } from "vitest";
import { insertUser, listUserTransactions } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

it("refuses a top-up with a sender and a payout or bill with a recipient; lists each tab from its one side", async () => {
  const user = await insertUser(t.db, { name: "Sides User", email: `sides-${Date.now()}@example.com`, passwordHash: "x" });
  const id = user!.id;
  const insert = (type: string, sender: number | null, recipient: number | null, reference: string) =>
    t.client`insert into transactions (type, amount, status, reference, description, sender_id, recipient_id)
             values (${type}, 100, 'completed', ${reference}, 'x', ${sender}, ${recipient})`;

  for (const type of TYPES_WITHOUT_SENDER)
    await expect(insert(type, id, id, `SIDES-S-${type}`)).rejects.toMatchObject({ code: "23514", constraint_name: "transactions_parties_by_type" });
  for (const type of TYPES_WITHOUT_RECIPIENT)
    await expect(insert(type, id, id, `SIDES-R-${type}`)).rejects.toMatchObject({ code: "23514", constraint_name: "transactions_parties_by_type" });

  await insert("topup", null, id, "SIDES-TOPUP");
  await insert("airtime", id, null, "SIDES-AIRTIME");
  await insert("p2p", id, id, "SIDES-P2P-SELF");
  expect((await listUserTransactions(t.db, id, 10, { types: ["topup"] })).map((r) => r.reference)).toEqual(["SIDES-TOPUP"]);
  expect((await listUserTransactions(t.db, id, 10, { types: ["airtime", "data"] })).map((r) => r.reference)).toEqual(["SIDES-AIRTIME"]);
  expect((await listUserTransactions(t.db, id, 10, { types: ["transfer", "p2p"] })).map((r) => r.reference)).toEqual(["SIDES-P2P-SELF"]);
});
