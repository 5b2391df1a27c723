import { eq, sql } from "drizzle-orm";
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
 * Counts one failed login atomically; at `lockAt` consecutive failures the status becomes
 * 'locked'. Returns the updated row.
 */
export async function recordFailedLogin(db: DbOrTx, userId: number, lockAt: number): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      status: sql`case when ${users.failedLoginCount} + 1 >= ${lockAt} and ${users.status} = 'active' then 'locked'::user_status else ${users.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function resetFailedLogins(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, updatedAt: new Date() }).where(eq(users.id, userId));
}
