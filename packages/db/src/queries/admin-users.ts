// The admin console's user list and user status writes (docs/product.md#admin-console).
import { type SQL, and, desc, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type User, ledgerAccounts, sessions, userSearchDictionary, userSearchWords, users } from "../schema";
import { userLevelCounts } from "./admin-stats";

/** `%text%` for LIKE with the user's `%`, `_` and `\` taken literally (the admin user and transaction searches). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: User["role"];
  status: User["status"];
  verificationLevel: number;
  /** Wallet balance, kobo (0 without a wallet). */
  balanceKobo: bigint;
  createdAt: Date;
}

/**
 * One page of users, newest first, with their wallet balance (docs/product.md#admin-console). `search`
 * matches a part of the name or e-mail, case-insensitively; both use the trigram indexes of
 * migration 0010_admin (users_name_trgm_idx on lower(name), users_email_trgm_idx on the stored
 * lower-cased e-mail), so it stays fast at 100,000 users; the matches are counted by countMatches.
 * Answers the rows and the total match count.
 */
export async function listAdminUsers(db: DbOrTx, params: { page: number; limit: number; search: string }): Promise<{ rows: AdminUserRow[]; total: number }> {
  const search = params.search.trim().toLowerCase();
  const where = search ? or(sql`lower(${users.name}) like ${containsPattern(search)}`, sql`${users.email} like ${containsPattern(search)}`) : undefined;
  // The page of users first (served by users_created_idx, or the trigram indexes), then the
  // balances of those 20: joining before the LIMIT would sort every user.
  const page = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      verificationLevel: users.verificationLevel,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit)
    .as("page");
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: page.id,
        name: page.name,
        email: page.email,
        phone: page.phone,
        role: page.role,
        status: page.status,
        verificationLevel: page.verificationLevel,
        balanceKobo: sql<string>`coalesce(${ledgerAccounts.balance}, 0)::text`,
        createdAt: page.createdAt,
      })
      .from(page)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, page.id), eq(ledgerAccounts.kind, "user_wallet")))
      .orderBy(desc(page.createdAt), desc(page.id)),
    // Without a search, the total is the maintained count (userLevelCounts), not a count of 1 M rows.
    where ? countMatches(db, search, where) : userLevelCounts(db).then((levels) => [{ total: levels.total }]),
  ]);
  return { rows: rows.map((row) => ({ ...row, balanceKobo: BigInt(row.balanceKobo) })), total: totals?.total ?? 0 };
}

/** Beyond this many dictionary words, a search is counted on the users themselves (a letter or two matches most words). */
export const MAX_SEARCH_WORDS = 1000;

/**
 * The number of users whose lower-cased name or e-mail contains `search` (already trimmed and
 * lower-cased; `where` is the same test on users). A search that is one word as
 * kolo_user_search_words cuts them (drizzle/0065_admin_user_search.sql) is counted from the words'
 * primary key: the dictionary's words containing it, then their users, without reading a user row
 * (docs/performance.md "Admin search by a common name"). Any other search (a space, punctuation,
 * letters and digits together), or one found in more than MAX_SEARCH_WORDS words, counts the
 * matching users. Both give the same number.
 */
async function countMatches(db: DbOrTx, search: string, where: SQL): Promise<{ total: number }[]> {
  const rows = await db.execute(sql`
    select coalesce(
      (select case when cardinality(w.words) = 1
                   then (select count(*) from ${userSearchWords} where ${userSearchWords.word} = w.words[1])
                   else (select count(distinct ${userSearchWords.userId}) from ${userSearchWords} where ${userSearchWords.word} = any(w.words))
              end
         from (select array(select ${userSearchDictionary.word} from ${userSearchDictionary}
                             where ${userSearchDictionary.word} like ${containsPattern(search)}
                             limit ${MAX_SEARCH_WORDS + 1}) as words) w
        where kolo_user_search_words(${search}::text) = array[${search}::text] and cardinality(w.words) <= ${MAX_SEARCH_WORDS}),
      (select count(*) from ${users} where ${where})
    )::int as total`);
  return [...rows] as { total: number }[];
}

/** The user with this id, locked until the caller's transaction ends (an admin status change). */
export async function lockUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

/**
 * Sets an account's status (docs/product.md#admin-console): `active` also resets the failed-login count, which
 * unlocks a locked account (docs/decisions.md). Sessions are the caller's to end.
 */
export async function setUserStatus(db: DbOrTx, userId: number, status: "active" | "suspended"): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set(status === "active" ? { status, failedLoginCount: 0, updatedAt: new Date() } : { status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Sets a user's role (docs/admin-security.md): leaving `admin` clears the second factor and the
 * grant time; becoming `admin` stamps the grant time (the database's now()). Every session of
 * the user must pass its second factor again (mfaVerified false) when the role changes, so one
 * opened under the old role never carries it into the new one. Answers the row, or undefined.
 */
export async function setUserRole(db: DbOrTx, params: { userId: number; from: User["role"]; to: User["role"] }): Promise<User | undefined> {
  const { userId, from, to } = params;
  const leavingAdmin = from === "admin" && to !== "admin";
  const granted = from !== "admin" && to === "admin";
  const [row] = await db
    .update(users)
    .set({
      role: to,
      updatedAt: new Date(),
      ...(leavingAdmin ? { totpSecret: null, totpPendingSecret: null, totpLastStep: null, roleGrantedAt: null } : {}),
      ...(granted ? { roleGrantedAt: sql`now()` } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  if (from !== to) await db.update(sessions).set({ mfaVerified: false }).where(eq(sessions.userId, userId));
  return row;
}
