// Migration 0039 against a real PostgreSQL: every posting gets its account's balance right after it,
// written by kolo_apply_postings for new postings and backfilled from the running sum for old ones,
// so a money alert tells the balance its own transaction left (docs/product.md "E-mail alerts").
import { readFile } from "node:fs/promises";
import { SYSTEM_ACCOUNTS } from "@kolo/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureUserWallet, insertUser, postJournalEntry, systemAccountId } from "../src/index";
import { type TestDatabase, createTestDatabase } from "../src/testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

/** The wallet's postings in order: amount and balance after, kobo. */
const postingsOf = async (walletId: number) =>
  (
    await t.client<{ amount: string; balance_after: string }[]>`
    select amount::text, balance_after::text from postings where account_id = ${walletId} order by id`
  ).map((p) => [p.amount, p.balance_after]);

it("kolo_apply_postings writes each posting's balance after it; the migration backfills the same figures from the running sum", async () => {
  const adjustments = await systemAccountId(t.db, SYSTEM_ACCOUNTS.adjustments);
  const wallets: number[] = [];
  for (const name of ["Ada Eze", "Emeka Obi"]) {
    const user = await insertUser(t.db, {
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}-${Date.now()}@example.com`,
      passwordHash: "x",
      verificationLevel: 2,
    });
    wallets.push(await ensureUserWallet(t.db, user!.id));
  }
  const [ada, emeka] = wallets as [number, number];
  const move = (key: string, from: number, to: number, kobo: bigint) =>
    postJournalEntry(t.db, {
      idempotencyKey: key,
      kind: "adjustment",
      description: key,
      postings: [
        { accountId: from, amount: -kobo },
        { accountId: to, amount: kobo },
      ],
    });
  await move("m1", adjustments, ada, 3_000_000n);
  await move("m2", ada, emeka, 250_000n);
  await move("m3", ada, emeka, 10_000n);
  await move("m4", emeka, ada, 5_000n);
  const written = await postingsOf(ada);
  expect(written).toEqual([
    ["3000000", "3000000"],
    ["-250000", "2750000"],
    ["-10000", "2740000"],
    ["5000", "2745000"],
  ]);
  const emekaWritten = await postingsOf(emeka);
  expect(emekaWritten.map(([, after]) => after)).toEqual(["250000", "260000", "255000"]);

  // Replayed on the same postings without the column: the backfill gives the same figures.
  await t.client`alter table postings drop column balance_after`;
  await t.client.unsafe(await readFile(new URL("../drizzle/0039_posting_balance_after.sql", import.meta.url), "utf8"));
  expect(await postingsOf(ada)).toEqual(written);
  expect(await postingsOf(emeka)).toEqual(emekaWritten);
  const [column] = await t.client<{ is_nullable: string }[]>`
    select is_nullable from information_schema.columns where table_name = 'postings' and column_name = 'balance_after'`;
  expect(column!.is_nullable).toBe("NO");
});
