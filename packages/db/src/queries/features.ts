import { asc, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { listenResiliently } from "../listen";
import { type FeatureSettingRow, featureSettings } from "../schema";

export async function listFeatureSettings(db: DbOrTx): Promise<FeatureSettingRow[]> {
  return db.select().from(featureSettings).orderBy(asc(featureSettings.id));
}

/** The channel the feature_settings trigger notifies on every change (drizzle/0003_feature_settings_notify.sql). */
export const FEATURE_SETTINGS_CHANNEL = "kolo_feature_settings";

/**
 * The switches of one database, read from a short in-process cache instead of a query per call
 * (docs/performance.md). Every change to feature_settings, by any server on
 * the database, is announced by a trigger through PostgreSQL NOTIFY; the cache listens and drops
 * itself on each announcement and on every (re)connection of its listener, so no switch is
 * served stale after its change is known. A load that raced an invalidation is not kept.
 */
export class FeatureSwitchCache {
  private values: Map<string, boolean> | undefined;
  private loading: Promise<Map<string, boolean>> | undefined;
  private generation = 0;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly db: Database) {}

  /** The switch's value; undefined for a key that has no row. */
  async get(key: string): Promise<boolean | undefined> {
    const values = this.values ?? (await this.load());
    return values.get(key);
  }

  /** Forgets every value (called on NOTIFY, on reconnection and by local writers). */
  invalidate(): void {
    this.generation++;
    this.values = undefined;
    this.loading = undefined;
  }

  private load(): Promise<Map<string, boolean>> {
    this.listen();
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = listFeatureSettings(this.db).then((rows) => {
      const values = new Map(rows.map((row) => [row.key, row.value]));
      if (generation === this.generation) this.values = values;
      return values;
    });
    this.loading = loading;
    loading.catch(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    return loading;
  }

  private listen() {
    // Resilient: it LISTENs again after a failover, which postgres.js alone may not (docs/operations.md).
    this.listening ??= listenResiliently(
      this.db,
      FEATURE_SETTINGS_CHANNEL,
      () => this.invalidate(),
      () => this.invalidate(),
    ).catch(() => {
      // Without a listener the cache cannot know about changes: stop caching until it can.
      this.listening = undefined;
      this.invalidate();
    });
  }
}

const caches = new WeakMap<Database, FeatureSwitchCache>();

/** The FeatureSwitchCache of this database handle (one per handle, created on first use). */
export function featureSwitches(db: Database): FeatureSwitchCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FeatureSwitchCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Sets a switch; returns the updated row, or undefined for an unknown key. This process's cache
 * forgets at once; other servers' caches hear it through the trigger's NOTIFY.
 */
export async function setFeatureSetting(db: Database, key: string, value: boolean): Promise<FeatureSettingRow | undefined> {
  const [row] = await db.update(featureSettings).set({ value, updatedAt: new Date() }).where(eq(featureSettings.key, key)).returning();
  featureSwitches(db).invalidate();
  return row;
}

/**
 * Sets a switch inside the caller's transaction, answering the row before and after (undefined
 * for an unknown key); the row stays locked until the transaction ends, so concurrent toggles are
 * recorded in order (the admin audit trail). The caller invalidates featureSwitches(db) after
 * commit; other servers hear the trigger's NOTIFY, which PostgreSQL sends at commit.
 */
export async function updateFeatureSetting(
  tx: DbOrTx,
  key: string,
  value: boolean,
): Promise<{ before: FeatureSettingRow; after: FeatureSettingRow } | undefined> {
  const [before] = await tx.select().from(featureSettings).where(eq(featureSettings.key, key)).limit(1).for("update");
  if (!before) return undefined;
  const [after] = await tx.update(featureSettings).set({ value, updatedAt: new Date() }).where(eq(featureSettings.key, key)).returning();
  return after ? { before, after } : undefined;
}
