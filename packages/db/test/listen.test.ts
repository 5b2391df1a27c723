// listenResiliently against a real PostgreSQL: a listener whose connection is cut while the
// database refuses new connections (as during a failover) hears again once it accepts them, its
// owner is told (to catch up), and its probes never reach the owner. The case postgres.js alone
// does not survive, a LISTEN refused by a node still in recovery, is covered end to end by the
// failover test (apps/server/test/failover.ha.test.ts: a stream hears after the primary died).
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { listenResiliently } from "../src/listen";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase({ max: 2 });

describe("listenResiliently", () => {
  it("hears again after its connection was cut while the database refused connections", { timeout: 60_000 }, async () => {
    const heard: string[] = [];
    let listens = 0;
    const close = await listenResiliently(
      t.db,
      "kolo_test_channel",
      (payload) => heard.push(payload),
      () => listens++,
    );
    try {
      await t.client`select pg_notify('kolo_test_channel', 'before')`;
      await expect.poll(() => heard).toEqual(["before"]);
      expect(listens).toBe(1);

      // The database refuses new connections, and the listening connection is cut.
      const database = new URL(t.url).pathname.slice(1);
      const adminUrl = new URL(t.url);
      adminUrl.pathname = "/postgres";
      const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      await admin.unsafe(`alter database "${database}" allow_connections false`);
      await t.client`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await t.client`select pg_notify('kolo_test_channel', 'while deaf')`;
      await admin.unsafe(`alter database "${database}" allow_connections true`);
      await admin.end();

      // Once connections are allowed, the listener hears again and its owner is told; probes
      // (one every 5 s) have passed meanwhile without reaching it.
      await expect.poll(() => listens, { timeout: 20_000, interval: 250 }).toBe(2);
      await t.client`select pg_notify('kolo_test_channel', 'after')`;
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["before", "after"]);
    } finally {
      await close();
    }
  });
});
