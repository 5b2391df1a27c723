import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type NewUser, type User, users } from "../schema";

/** The user with this (already normalised) e-mail, or undefined. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * Up to two active users with this (normalised, `0` + 10 digits) phone number: a phone number is not
 * unique, so a caller that needs one recipient refuses two.
 */
export async function findActiveUsersByPhone(db: DbOrTx, phone: string): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.status, "active")))
    .limit(2);
}

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; returns undefined when the e-mail is already taken (unique index). */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** How long an admin's claimed attempt blocks other attempts while its password is checked. */
const ADMIN_CHECK_GUARD = sql`interval '30 seconds'`;
/** The longest delay the admin throttle imposes after consecutive wrong passwords (seconds). */
export const ADMIN_LOGIN_MAX_DELAY_SECONDS = 900;

/**
 * Claims one login attempt for the account with this (normalised) e-mail BEFORE its password is
 * checked, so no concurrency gets more passwords evaluated than the rules allow; one atomic UPDATE
 * adds one to `failed_login_count`, only while the account is active and:
 * - personal and merchant accounts (docs/decisions.md): fewer than `maxFailures`
 *   attempts are counted (the 5th failure locks);
 * - admins (docs/decisions.md "Security, second round"; never locked by passwords): the throttle
 *   `login_blocked_until` has passed; the claim sets it 30 s ahead while the password is checked.
 * Answers the row (the count includes this claim), or undefined when no attempt was claimed.
 */
export async function claimLoginAttempt(db: DbOrTx, email: string, maxFailures: number): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      loginBlockedUntil: sql`case when ${users.role} = 'admin' then now() + ${ADMIN_CHECK_GUARD} else ${users.loginBlockedUntil} end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(users.email, email),
        eq(users.status, "active"),
        sql`case when ${users.role} = 'admin' then coalesce(${users.loginBlockedUntil}, '-infinity') <= now() else ${users.failedLoginCount} < ${maxFailures} end`,
      ),
    )
    .returning();
  return row;
}

/**
 * After a wrong password on a claimed attempt (its claim stays counted). Personal and merchant
 * accounts are locked once `maxFailures` attempts are counted ("locked"). Admins are never locked:
 * no password is checked for 2^(failures-1) seconds, at most ADMIN_LOGIN_MAX_DELAY_SECONDS
 * ("throttled"). "counted" otherwise.
 */
export async function afterFailedLogin(db: DbOrTx, userId: number, maxFailures: number): Promise<"locked" | "throttled" | "counted"> {
  const [admin] = await db
    .update(users)
    .set({
      loginBlockedUntil: sql`now() + make_interval(secs => least(power(2, least(${users.failedLoginCount}, 20) - 1), ${ADMIN_LOGIN_MAX_DELAY_SECONDS}))`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.role, "admin")))
    .returning({ id: users.id });
  if (admin) return "throttled";
  const locked = await db
    .update(users)
    .set({ status: "locked", updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, "active"), gte(users.failedLoginCount, maxFailures)))
    .returning({ id: users.id });
  return locked.length > 0 ? "locked" : "counted";
}

/** Seconds until an admin's sign-in throttle lets a password be checked (0 when it does now). */
export async function adminLoginWaitSeconds(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ wait: sql<number>`greatest(0, ceil(extract(epoch from (coalesce(${users.loginBlockedUntil}, now()) - now()))))::int` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.wait ?? 0;
}

/**
 * After a right password on a claimed attempt: the count starts again at 0, if the account is
 * still active. Answers the row, or undefined when it was suspended or locked meanwhile (by
 * concurrent wrong guesses): the attempt is then refused, never a lock lifted.
 */
export async function recordSuccessfulLogin(db: DbOrTx, userId: number): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: 0, loginBlockedUntil: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, "active")))
    .returning();
  return row;
}

/**
 * A password reset's write (docs/product.md, password reset): the new hash, the failed-login
 * count back to 0, and a `locked` account unlocked (the e-mail proved it is the owner's; a
 * `suspended` one stays suspended). Call under the user's row lock (lockUserById); sessions are
 * the caller's to end.
 */
export async function setPasswordAfterReset(db: DbOrTx, user: Pick<User, "id" | "status">, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, ...(user.status === "locked" ? { status: "active" as const } : {}), updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** The user's own daily limit (kobo) and its pending raise, as stored (docs/product.md "Limits the user sets"). */
export async function setOwnDailyLimit(
  db: DbOrTx,
  userId: number,
  state: { ownDailyLimit: bigint | null; pendingDailyLimit: bigint | null; pendingDailyLimitAt: Date | null },
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Changes the profile (docs/product.md "Settings"): the phone at any time; the name only while
 * the user is at level 0 with no verified BVN, checked in the same statement as the write, so a
 * name never changes after the BVN matched it. Answers the updated user, or undefined when the
 * name was asked for and is locked (nothing changed).
 */
export async function updateUserProfile(db: DbOrTx, userId: number, values: { name?: string; phone?: string }): Promise<User | undefined> {
  const nameFree = sql`${users.verificationLevel} = 0 and not exists (select 1 from user_verifications v where v.user_id = ${users.id} and v.bvn_verified_at is not null)`;
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(values.name === undefined ? eq(users.id, userId) : and(eq(users.id, userId), nameFree))
    .returning();
  return row;
}

/** Sets a new password hash (a change from /settings; the caller checked the current one). */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
