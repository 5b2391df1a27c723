import { and, eq, ne, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { type Session, type User, sessions, users } from "../schema";

export async function insertSession(db: DbOrTx, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

function sessionWithUserQuery(db: DbOrTx) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1);
}

const preparedSessionLookups = new WeakMap<Database, ReturnType<ReturnType<typeof sessionWithUserQuery>["prepare"]>>();

/**
 * The session with this id (the token's SHA-256 hex) and its user, or undefined. On every
 * request: built once per database handle and run as a server-side prepared statement.
 */
export async function findSessionWithUser(db: Database, sessionId: string): Promise<{ session: Session; user: User } | undefined> {
  let prepared = preparedSessionLookups.get(db);
  if (!prepared) {
    prepared = sessionWithUserQuery(db).prepare("kolo_find_session_with_user");
    preparedSessionLookups.set(db, prepared);
  }
  const [row] = await prepared.execute({ sessionId });
  return row;
}

export async function updateSessionExpiry(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (suspension or lock, docs/decisions.md). */
export async function deleteUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but `keepSessionId` (a password change signs the other devices out). */
export async function deleteOtherUserSessions(db: DbOrTx, userId: number, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
