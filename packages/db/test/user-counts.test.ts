// The admin console's user counts, kept at each commit (drizzle/0056_user_counts.sql): equal to a
// fresh count after users are added, change level and are deleted in concurrent transactions, and
// untouched by a rolled-back insert.
import { expect, it } from "vitest";
import { userLevelCounts } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase({ max: 8 });

async function counted() {
  const [row] = await t.client<{ level0: number; level1: number; level2: number }[]>`
    select count(*) filter (where verification_level = 0)::int as level0, count(*) filter (where verification_level = 1)::int as level1,
           count(*) filter (where verification_level = 2)::int as level2 from users`;
  return { ...row!, total: row!.level0 + row!.level1 + row!.level2 };
}

it("equal a fresh count after inserts, level changes and deletes at once; a rolled-back insert counts nothing", async () => {
  const before = await userLevelCounts(t.db);
  expect(before).toEqual(await counted());
  const ids = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const [row] = await t.client<{ id: number }[]>`
        insert into users (name, email, password_hash, verification_level) values (${`Count ${i}`}, ${`count-${i}-${Date.now()}@example.com`}, 'x', ${i % 3})
        returning id`;
      return row!.id;
    }),
  );
  await Promise.all([
    t.client`update users set verification_level = 2 where id = ${ids[0]!}`,
    t.client`update users set verification_level = 1 where id = ${ids[3]!}`,
    t.client`update users set verification_level = 0 where id = ${ids[5]!}`,
    t.client`delete from users where id = ${ids[7]!}`,
  ]);
  await t.client
    .begin(async (tx) => {
      await tx`insert into users (name, email, password_hash, verification_level) values ('Gone', ${`gone-${Date.now()}@example.com`}, 'x', 2)`;
      throw new Error("roll back");
    })
    .catch(() => undefined);

  const after = await userLevelCounts(t.db);
  expect(after).toEqual(await counted());
  expect(after.total).toBe(before.total + 11);
});
