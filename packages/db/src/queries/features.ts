import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type FeatureSettingRow, featureSettings } from "../schema";

export async function listFeatureSettings(db: DbOrTx): Promise<FeatureSettingRow[]> {
  return db.select().from(featureSettings).orderBy(asc(featureSettings.id));
}

export async function findFeatureSetting(db: DbOrTx, key: string): Promise<FeatureSettingRow | undefined> {
  const [row] = await db.select().from(featureSettings).where(eq(featureSettings.key, key)).limit(1);
  return row;
}

/** Sets a switch; returns the updated row, or undefined for an unknown key. */
export async function setFeatureSetting(db: DbOrTx, key: string, value: boolean): Promise<FeatureSettingRow | undefined> {
  const [row] = await db
    .update(featureSettings)
    .set({ value, updatedAt: new Date() })
    .where(eq(featureSettings.key, key))
    .returning();
  return row;
}
