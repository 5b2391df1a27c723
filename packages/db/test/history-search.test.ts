// History's search (listUserTransactions' `search`): each searched field (the description, the
// reference, the parties' names and phone in the metadata), ignoring case, taken literally, never
// across two fields, only the user's own records, newest first, with a tab and a cursor; the same
// answers whether a record is before the search indexes' boundary (read from the index) or after
// it (read from the table), and coverHistorySearch moves the boundary and its indexes.
import { expect, it } from "vitest";
import { coverHistorySearch, historySearchBoundary, insertUser, listUserTransactions } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

const searchIndexes = async () =>
  (
    await t.client<{ name: string }[]>`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'transactions'::regclass and c.relname like 'transactions%search%' order by 1`
  ).map((row) => row.name);

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

  const expectAnswers = async () => {
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
  };

  // The migration's first cover (the start of the day it ran): every record here is before it.
  expect(await historySearchBoundary(t.db)).not.toBeNull();
  await expectAnswers();
  // No cover (before the first): every record read from the table.
  await t.client`delete from history_search_cover`;
  await expectAnswers();
  // A boundary among the records: some read from the index, the rest from the table.
  const middle = new Date(Date.UTC(2026, 10, 1, 12, 4));
  expect(await coverHistorySearch(t.db, middle)).toBe(true);
  expect(await historySearchBoundary(t.db)).toEqual(middle);
  expect(await searchIndexes()).toEqual(["transactions_recipient_search_20261101120400", "transactions_sender_search_20261101120400"]);
  await expectAnswers();
  // Never backwards; forwards, the earlier indexes go.
  expect(await coverHistorySearch(t.db, new Date(Date.UTC(2026, 10, 1)))).toBe(false);
  expect(await coverHistorySearch(t.db, new Date(Date.UTC(2026, 10, 2)))).toBe(true);
  expect(await searchIndexes()).toEqual(["transactions_recipient_search_20261102000000", "transactions_sender_search_20261102000000"]);
  await expectAnswers();
});
