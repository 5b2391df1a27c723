// A recipient lookup taken against the user's limit in one statement (kolo_take_recipient_lookup):
// concurrent lookups cannot all slip under the limit, and a refused one writes nothing.
import { expect, it } from "vitest";
import { insertUser, takeRecipientLookup } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase({ max: 12 });

it("takes exactly the limit out of 20 lookups at once, for that user only, and names the window's oldest", async () => {
  const user = await insertUser(t.db, { name: "Looker", email: `looker-${Date.now()}@example.com`, passwordHash: "x" });
  const other = await insertUser(t.db, { name: "Other Looker", email: `other-looker-${Date.now()}@example.com`, passwordHash: "x" });
  const since = new Date(Date.now() - 600_000);

  const answers = await Promise.all(Array.from({ length: 20 }, () => takeRecipientLookup(t.db, user!.id, since, 5)));

  expect(answers.filter((a) => a.taken)).toHaveLength(5);
  const [{ n }] = (await t.client`select count(*)::int as n from recipient_lookups where user_id = ${user!.id}`) as unknown as [{ n: number }];
  expect(n).toBe(5);
  const refused = answers.find((a) => !a.taken)!;
  expect(refused.oldest).toBeInstanceOf(Date);
  expect(refused.oldest!.getTime()).toBeGreaterThan(since.getTime());
  expect(await takeRecipientLookup(t.db, other!.id, since, 5)).toEqual({ taken: true, oldest: null });
  // Lookups older than the window do not count.
  expect((await takeRecipientLookup(t.db, user!.id, new Date(Date.now() + 1_000), 5)).taken).toBe(true);
});
