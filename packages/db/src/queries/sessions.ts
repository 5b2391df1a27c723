import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type Session, type User, sessions, users } from "../schema";

export async function insertSession(db: DbOrTx, session: Session | Omit<Session, "createdAt">): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session with this id (the token's SHA-256 hex) and its user, or undefined. */
export async function findSessionWithUser(db: DbOrTx, sessionId: string): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}

export async function updateSessionExpiry(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (suspension or lock, DECISIONS "Accounts and sign-in"). */
export async function deleteUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
