// Sessions after Lucia's reference design (lucia-auth.com/sessions): a random token lives only in
// the cookie; the database keeps its SHA-256 hash. 30-day lifetime, renewed when under half remains.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { type Database, type DbOrTx, deleteSession, findSessionWithUser, insertSession, updateSessionExpiry } from "@kolo/db";
import type { schema } from "@kolo/db";

export const SESSION_COOKIE_NAME = "kolo_session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** 20 random bytes, base32: 160 bits of entropy. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored session id: hex SHA-256 of the token. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/**
 * Creates a session for `userId`, opened on the device `deviceId` (user_devices.id; null when there
 * is none, e.g. a test's or a script's session); returns the stored row (the token is not in it).
 */
export async function createSession(db: DbOrTx, token: string, userId: number, now = new Date(), deviceId: number | null = null) {
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS), deviceId };
  await insertSession(db, session);
  return session;
}

export interface ValidatedSession {
  session: schema.Session;
  user: schema.User;
  /** True when the expiry moved: the cookie must be sent again with the new date. */
  renewed: boolean;
}

/**
 * Looks the token up; deletes and rejects it when expired or when the user is not active
 * (suspended and locked accounts lose their sessions, docs/decisions.md). Slides the expiry forward
 * when less than 15 days remain.
 */
export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const found = await findSessionWithUser(db, sessionId);
  if (!found) return null;
  const { session, user } = found;
  if (now.getTime() >= session.expiresAt.getTime() || user.status !== "active") {
    await deleteSession(db, sessionId);
    return null;
  }
  if (session.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await updateSessionExpiry(db, sessionId, expiresAt);
    return { session: { ...session, expiresAt }, user, renewed: true };
  }
  return { session, user, renewed: false };
}

export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
