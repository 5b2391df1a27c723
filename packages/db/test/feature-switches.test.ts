// The in-process switch cache against a real PostgreSQL: two pools on one database stand for two
// servers; a change made through one reaches the other's cache through LISTEN/NOTIFY.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createDb, featureSwitches, setFeatureSetting } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase();
let other: ReturnType<typeof createDb>;
beforeAll(() => {
  other = createDb(t.url, { max: 2 });
});
afterAll(() => other.close());

it("serves switches from the cache, forgets at once in the writing server and through NOTIFY in another", async () => {
  const here = featureSwitches(t.db);
  const there = featureSwitches(other.db);
  expect(await here.get("feature_airtime")).toBe(true);
  expect(await there.get("feature_airtime")).toBe(true);
  expect(await here.get("no_such_switch")).toBeUndefined();

  await setFeatureSetting(t.db, "feature_airtime", false);
  expect(await here.get("feature_airtime")).toBe(false);
  await vi.waitFor(async () => expect(await there.get("feature_airtime")).toBe(false), { timeout: 10_000, interval: 20 });

  // A change made outside Kolo's code (e.g. psql) is announced by the trigger too.
  await t.client`update feature_settings set value = true where key = 'feature_airtime'`;
  await vi.waitFor(async () => expect(await here.get("feature_airtime")).toBe(true), { timeout: 10_000, interval: 20 });
  await vi.waitFor(async () => expect(await there.get("feature_airtime")).toBe(true), { timeout: 10_000, interval: 20 });
});
