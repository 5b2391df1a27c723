import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type NewUser, type User, users } from "../schema";

/** The user with this (already normalised) e-mail, or undefined. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
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

/**
 * Claims one login attempt for the account with this (normalised) e-mail BEFORE its password is
 * checked, so the 5-failure lock holds whatever the concurrency (issue 7): one atomic UPDATE adds
 * one to `failed_login_count` only while the account is active and fewer than `maxFailures`
 * attempts are counted. Answers the row (the count includes this claim), or undefined when no
 * attempt was claimed: unknown e-mail, suspended, locked, or `maxFailures` attempts already
 * counted or in flight. At most `maxFailures` passwords are ever evaluated before a lock.
 */
export async function claimLoginAttempt(db: DbOrTx, email: string, maxFailures: number): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1`, updatedAt: new Date() })
    .where(and(eq(users.email, email), eq(users.status, "active"), lt(users.failedLoginCount, maxFailures)))
    .returning();
  return row;
}

/**
 * After a wrong password (its claim stays counted): locks the account once `maxFailures`
 * attempts are counted (DECISIONS "Accounts and sign-in"). True when this call locked it.
 */
export async function lockAfterFailedLogin(db: DbOrTx, userId: number, maxFailures: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: "locked", updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, "active"), gte(users.failedLoginCount, maxFailures)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * After a right password on a claimed attempt: the count starts again at 0, if the account is
 * still active. Answers the row, or undefined when it was suspended or locked meanwhile (by
 * concurrent wrong guesses): the attempt is then refused, never a lock lifted.
 */
export async function recordSuccessfulLogin(db: DbOrTx, userId: number): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: 0, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, "active")))
    .returning();
  return row;
}
