// The admin user list's search count (listAdminUsers' `total`; drizzle/0065_admin_user_search.sql):
// the words of every user's name and e-mail kept through inserts, renames, e-mail changes, deletes
// and a rolled-back insert; and for searches of every kind (one word of letters or digits, a part of
// a word, letters and digits together, spaces, punctuation, accents, LIKE's own characters, a part
// found in more dictionary words than the limit) the total equals a plain count of the users whose
// lower-cased name or e-mail contains the search.
import { expect, it } from "vitest";
import { MAX_SEARCH_WORDS, insertUser, listAdminUsers } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();

/** The users whose lower-cased name or e-mail contains `search`, counted without any index or pattern. */
async function plainCount(search: string) {
  const [row] = await t.client<{ n: number }[]>`
    select count(*)::int as n from users where strpos(lower(name), ${search}) > 0 or strpos(email, ${search}) > 0`;
  return row!.n;
}

/** Differences between the kept words and the words computed afresh from users (none when they agree). */
async function staleWords() {
  return t.client<{ word: string; user_id: number }[]>`
    (select w, u.id from users u, unnest(kolo_user_search_words(kolo_user_search_text(u.name, u.email))) w
     except select word, user_id from user_search_words)
    union all
    (select word, user_id from user_search_words
     except select w, u.id from users u, unnest(kolo_user_search_words(kolo_user_search_text(u.name, u.email))) w)`;
}

it("keeps every user's words through inserts, renames, e-mail changes, deletes and a rolled-back insert", async () => {
  const stamp = Date.now();
  const a = (await insertUser(t.db, { name: "Bisi Salami", email: `bisi.salami${stamp}@example.com`, passwordHash: "x" }))!.id;
  const b = (await insertUser(t.db, { name: "Tunde O'Neil-Salami", email: `tunde_${stamp}@kolo.ng`, passwordHash: "x" }))!.id;
  await t.client`update users set name = 'Bisi Okafor' where id = ${a}`;
  await t.client`update users set email = ${`tunde+salami${stamp}@kolo.ng`} where id = ${b}`;
  await t.client`delete from users where id = ${a}`;
  await t.client
    .begin(async (tx) => {
      await tx`insert into users (name, email, password_hash) values ('Gone Salami', ${`gone-${stamp}@example.com`}, 'x')`;
      throw new Error("roll back");
    })
    .catch(() => undefined);

  expect(await staleWords()).toEqual([]);
  const [words] = await t.client<{ words: string[] }[]>`select array_agg(word order by word) as words from user_search_words where user_id = ${b}`;
  expect(words!.words).toEqual([String(stamp), "kolo", "neil", "ng", "o", "salami", "tunde"]);
  // A user's words were taken by the trigger: a renamed user is no longer found by the old name.
  expect((await listAdminUsers(t.db, { page: 1, limit: 20, search: "okafor" })).total).toBe(await plainCount("okafor"));
});

it("counts exactly what a plain search of names and e-mails finds, whatever the search", async () => {
  const stamp = Date.now();
  const people: [string, string][] = [
    ["Bisi Salami", `bisi.salami${stamp}@example.com`],
    ["Salamatu Bello", `salamatu${stamp}@example.org`],
    ["Chioma Salami2", `c_salami+kolo${stamp}@mail.ng`],
    ["Adébáyọ̀ Ọlá", `adebayo.ola${stamp}@example.net`],
    ["Ngozi O'Neil-Smith", `ngozi%oneil${stamp}@example.com`],
    ["Kemi 50% Off", `kemi_50${stamp}@example.com`],
    ["Musa  Abubakar", `musa.abubakar.${stamp}@example.com`],
    ["SALAMI SALAMI", `salami.salami${stamp}@salami.com`],
  ];
  for (const [name, email] of people) await insertUser(t.db, { name, email, passwordHash: "x" });
  const searches = [
    "salami",
    "sala",
    "ami",
    "salami2",
    "bisi salami",
    "o'neil",
    "neil-smith",
    "%",
    "50%",
    "_",
    "kemi_5",
    "@example",
    "example",
    String(stamp),
    String(stamp).slice(3, 9),
    "ọlá",
    "adébáyọ̀",
    "é",
    "musa  abu",
    "a",
    "1",
    "zzz-not-anyone",
  ];
  for (const search of searches) {
    const { total } = await listAdminUsers(t.db, { page: 1, limit: 20, search });
    expect({ search, total }).toEqual({ search, total: await plainCount(search) });
  }
});

it("counts a part found in more dictionary words than the limit on the users themselves, and the same", async () => {
  // MAX_SEARCH_WORDS + 1 users, each with its own word containing 'zqx' (digits would be words of their own).
  await t.client`
    insert into users (name, email, password_hash)
    select 'Zqx' || translate(i::text, '0123456789', 'abcdefghij') || ' Many', 'zqx-many-' || i || '@example.com', 'x'
    from generate_series(1, ${MAX_SEARCH_WORDS + 1}) i`;
  const [dictionary] = await t.client<{ n: number }[]>`select count(*)::int as n from user_search_dictionary where word like '%zqx%'`;
  expect(dictionary!.n).toBeGreaterThan(MAX_SEARCH_WORDS);
  for (const search of ["zqx", "zqxb", "many"]) {
    const { total } = await listAdminUsers(t.db, { page: 1, limit: 20, search });
    expect({ search, total }).toEqual({ search, total: await plainCount(search) });
  }
  expect((await listAdminUsers(t.db, { page: 1, limit: 20, search: "zqx" })).total).toBe(MAX_SEARCH_WORDS + 1);
});
