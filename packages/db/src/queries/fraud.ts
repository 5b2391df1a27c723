// Fraud controls (docs/product.md "Fraud controls"): the devices a user lists and removes, the
// e-mailed trust and unfreeze codes, the first-day cap's window and the frozen flag.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type User, firstDayCaps, securityCodes, sessions, userDevices, users } from "../schema";

export type SecurityCodePurpose = "device" | "unfreeze";

/** A device as /settings/devices lists it. */
export interface DeviceRow {
  id: number;
  name: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  trustedAt: Date | null;
}

/** The user's devices, first seen first. */
export async function listUserDevices(db: DbOrTx, userId: number): Promise<DeviceRow[]> {
  return db
    .select({
      id: userDevices.id,
      name: userDevices.name,
      userAgent: userDevices.userAgent,
      createdAt: userDevices.createdAt,
      lastSeenAt: userDevices.lastSeenAt,
      trustedAt: userDevices.trustedAt,
    })
    .from(userDevices)
    .where(eq(userDevices.userId, userId))
    .orderBy(asc(userDevices.createdAt), asc(userDevices.id));
}

/** One device of the user, or undefined (another user's device is not found either). */
export async function findUserDevice(db: DbOrTx, userId: number, deviceId: number): Promise<DeviceRow | undefined> {
  return (await listUserDevices(db, userId)).find((device) => device.id === deviceId);
}

/** Deletes the user's device; its sessions and codes go with it (ON DELETE CASCADE). Answers whether it existed. */
export async function deleteUserDevice(db: DbOrTx, userId: number, deviceId: number): Promise<boolean> {
  const rows = await db
    .delete(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.id, deviceId)))
    .returning({ id: userDevices.id });
  return rows.length === 1;
}

/** Marks the device trusted from `now` (a device already trusted keeps its time). */
export async function markDeviceTrusted(db: DbOrTx, deviceId: number, now: Date): Promise<void> {
  await db
    .update(userDevices)
    .set({ trustedAt: sql`coalesce(${userDevices.trustedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(userDevices.id, deviceId));
}

/**
 * Stores a fresh code (its hash) for the user and purpose, replacing any earlier one and its tries,
 * unless the earlier one was made less than `minIntervalMs` before `now` (one code a minute: the
 * e-mail cannot be flooded). Answers whether it was stored; atomic under concurrent requests.
 */
export async function storeSecurityCode(
  db: DbOrTx,
  params: { userId: number; purpose: SecurityCodePurpose; deviceId: number | null; codeHash: string; expiresAt: Date; now: Date; minIntervalMs: number },
): Promise<boolean> {
  const since = new Date(params.now.getTime() - params.minIntervalMs).toISOString();
  const rows = (await db.execute(sql`
    insert into ${securityCodes} (user_id, purpose, device_id, code_hash, expires_at, attempts, created_at)
    values (${params.userId}, ${params.purpose}, ${params.deviceId}, ${params.codeHash}, ${params.expiresAt.toISOString()}::timestamptz, 0, ${params.now.toISOString()}::timestamptz)
    on conflict (user_id, purpose) do update set device_id = excluded.device_id, code_hash = excluded.code_hash,
      expires_at = excluded.expires_at, attempts = 0, created_at = excluded.created_at
    where ${securityCodes}.created_at <= ${since}::timestamptz
    returning user_id`)) as unknown as unknown[];
  return rows.length === 1;
}

/**
 * Counts one try against the user's live code of `purpose` (unexpired, fewer than `max` tries),
 * atomically, and answers its hash and device; null when there is no live code.
 */
export async function claimSecurityCodeAttempt(
  db: DbOrTx,
  params: { userId: number; purpose: SecurityCodePurpose; max: number; now: Date },
): Promise<{ codeHash: string; deviceId: number | null } | null> {
  const [row] = await db
    .update(securityCodes)
    .set({ attempts: sql`${securityCodes.attempts} + 1` })
    .where(
      and(
        eq(securityCodes.userId, params.userId),
        eq(securityCodes.purpose, params.purpose),
        sql`${securityCodes.expiresAt} > ${params.now.toISOString()}::timestamptz and ${securityCodes.attempts} < ${params.max}`,
      ),
    )
    .returning({ codeHash: securityCodes.codeHash, deviceId: securityCodes.deviceId });
  return row ?? null;
}

/** Spends the user's code of `purpose`. */
export async function deleteSecurityCode(db: DbOrTx, userId: number, purpose: SecurityCodePurpose): Promise<void> {
  await db.delete(securityCodes).where(and(eq(securityCodes.userId, userId), eq(securityCodes.purpose, purpose)));
}

/**
 * Opens the user's first-day cap window until `until`. A window still open at `now` keeps its
 * total and ends at the later of the two times (a new device cannot restart the count); an ended
 * one starts again from 0 (docs/decisions.md "Fraud controls").
 */
export async function openFirstDayCap(db: DbOrTx, userId: number, now: Date, until: Date): Promise<void> {
  await db
    .insert(firstDayCaps)
    .values({ userId, until, totalKobo: 0n })
    .onConflictDoUpdate({
      target: firstDayCaps.userId,
      set: {
        totalKobo: sql`case when ${firstDayCaps.until} > ${now.toISOString()}::timestamptz then ${firstDayCaps.totalKobo} else 0 end`,
        until: sql`case when ${firstDayCaps.until} > ${now.toISOString()}::timestamptz then greatest(${firstDayCaps.until}, excluded.until) else excluded.until end`,
      },
    });
}

/** Freezes (a time) or unfreezes (null) the user; answers the updated user, or undefined when it already was in that state. */
export async function setUserFrozen(db: DbOrTx, userId: number, frozenAt: Date | null): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ frozenAt, updatedAt: new Date() })
    .where(and(eq(users.id, userId), frozenAt === null ? sql`${users.frozenAt} is not null` : sql`${users.frozenAt} is null`))
    .returning();
  return row;
}

/** Ends every session of the user opened on the device (a removed device is signed out). */
export async function deleteDeviceSessions(db: DbOrTx, deviceId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.deviceId, deviceId));
}

/** When the device became trusted (null: not trusted, or no such device). */
export async function deviceTrustedAt(db: DbOrTx, deviceId: number): Promise<Date | null> {
  const [row] = await db.select({ trustedAt: userDevices.trustedAt }).from(userDevices).where(eq(userDevices.id, deviceId));
  return row?.trustedAt ?? null;
}
