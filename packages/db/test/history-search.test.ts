// History's search (listUserTransactions' `search`): each searched field (the description, the
// reference, the parties' names and phone in the metadata), ignoring case, taken literally, never
// across two fields, only the user's own records, newest first, with a tab and a cursor.
import { expect, it } from "vitest";
import { insertUser, listUserTransactions } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

it("finds a part of the description, the reference or any party field, ignoring case and taken literally, and nothing across fields", async () => {
  const stamp = Date.now();
  const user = (await insertUser(t.db, { name: "Search User", email: `search-${stamp}@example.com`, passwordHash: "x" }))!.id;
  const other = (await insertUser(t.db, { name: "Other User", email: `search-other-${stamp}@example.com`, passwordHash: "x" }))!.id;
  let minute = 0;
  const insert = (reference: string, description: string, metadata: Record<string, string>, sender: number | null, recipient: number | null) =>
    t.client`insert into transactions (type, amount, status, reference, description, sender_id, recipient_id, metadata, created_at)
             values ('p2p', 100, 'completed', ${reference}, ${description}, ${sender}, ${recipient}, ${JSON.stringify(metadata)}::jsonb,
                     ${new Date(Date.UTC(2026, 10, 1, 12, minute++)).toISOString()}::timestamptz)`;

  await insert(`HS-DESC-${stamp}`, "School fees for Term 2", {}, user, other);
  await insert(`HS-REF-${stamp}`, "x", {}, other, user);
  const fields = ["senderName", "recipientName", "accountName", "merchantName", "payerName", "customerName", "phoneNumber"];
  for (const field of fields) await insert(`HS-${field}-${stamp}`, "x", { [field]: `Value of ${field} Ọlá` }, user, null);
  await insert(`HS-LITERAL-${stamp}`, "100% paid_up", {}, user, other);
  await insert(`HS-NOT-MINE-${stamp}`, "School fees for Term 2", { senderName: "Value of senderName" }, other, null);

  const search = async (text: string) => (await listUserTransactions(t.db, user, 50, { search: text })).map((r) => r.reference);

  expect(await search("TERM 2")).toEqual([`HS-DESC-${stamp}`]);
  expect(await search(`hs-ref-${stamp}`)).toEqual([`HS-REF-${stamp}`]);
  for (const field of fields) expect(await search(`value of ${field.toUpperCase()}`)).toEqual([`HS-${field}-${stamp}`]);
  // Newest first among several matches; letters outside ASCII match (their case folds as the database's LC_CTYPE does).
  expect(await search("Ọlá")).toEqual(fields.map((field) => `HS-${field}-${stamp}`).reverse());
  expect(await search("0% p")).toEqual([`HS-LITERAL-${stamp}`]);
  expect(await search("d_u")).toEqual([`HS-LITERAL-${stamp}`]);
  expect(await search("%")).toEqual([`HS-LITERAL-${stamp}`]);
  expect(await search("p_id")).toEqual([]);
  // The end of the description and the start of the reference are two fields: no match across them.
  expect(await search(`2hs-desc`)).toEqual([]);
  expect(await search(`2\u001fhs-desc`)).toEqual([]);
  // With a tab and a cursor: the search narrows what they give.
  const [newest, ...rest] = await search("value of");
  expect(rest).toHaveLength(fields.length - 1);
  const after = await listUserTransactions(t.db, user, 50, {
    search: "value of",
    cursor: Number((await t.client`select id from transactions where reference = ${newest!}`)[0]!.id),
  });
  expect(after.map((r) => r.reference)).toEqual(rest);
  expect(await listUserTransactions(t.db, user, 50, { search: "value of", types: ["airtime"] })).toEqual([]);
});
