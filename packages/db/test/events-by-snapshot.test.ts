// Live events read by snapshot (drizzle/0059_events_by_snapshot.sql, eventsCommittedSince): each
// committed event is read exactly once, in the first read whose snapshot sees it, including one
// whose transaction began before an earlier read and committed after it with a lower id.
import { expect, it } from "vitest";
import { currentEventsSnapshot, eventsCommittedSince } from "../src/index";
import { useTestDatabase } from "../src/testing";

const { t } = useTestDatabase({ max: 8 });

async function addUser(name: string): Promise<number> {
  const [row] = await t.client<{ id: number }[]>`
    insert into users (name, email, password_hash) values (${name}, ${`${name.toLowerCase().replace(/\W/g, "")}-${Date.now()}@example.com`}, 'x') returning id`;
  return row!.id;
}

it("reads each committed event once: a late commit with a lower id in the next read, an open one not yet", async () => {
  const user = await addUser("Snapshot Reader");
  const start = await currentEventsSnapshot(t.db);
  expect((await eventsCommittedSince(t.db, start)).rows).toEqual([]);

  // A transaction writes an event and stays open while another writes and commits one after it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const open = new Promise<void>((resolve) => (written = resolve));
  const late = t.client.begin(async (tx) => {
    await tx`insert into events (user_id, kind, data) values (${user}, 'verification', '{"level": 1}')`;
    written();
    await held;
  });
  await open;
  await t.client`insert into events (user_id, kind, data) values (${user}, 'verification', '{"level": 2}')`;

  const first = await eventsCommittedSince(t.db, start);
  expect(first.rows.map((row) => row.data)).toEqual([{ level: 2 }]);
  expect(first.overflow).toBe(false);
  // Nothing new: nothing read twice, the open transaction's event still unseen.
  const again = await eventsCommittedSince(t.db, first.snapshot);
  expect(again.rows).toEqual([]);

  release();
  await late;
  const second = await eventsCommittedSince(t.db, again.snapshot);
  expect(second.rows).toEqual([{ id: expect.any(Number), userId: user, kind: "verification", subjectId: null, data: { level: 1 } }]);
  expect(second.rows[0]!.id).toBeLessThan(first.rows[0]!.id);
  expect((await eventsCommittedSince(t.db, second.snapshot)).rows).toEqual([]);

  // A rolled-back event is never read.
  await t.client
    .begin(async (tx) => {
      await tx`insert into events (user_id, kind, data) values (${user}, 'verification', '{"level": 0}')`;
      throw new Error("roll back");
    })
    .catch(() => undefined);
  expect((await eventsCommittedSince(t.db, second.snapshot)).rows).toEqual([]);
});

it("answers overflow, and no rows, when more events than the limit were committed since", async () => {
  const user = await addUser("Busy Reader");
  const start = await currentEventsSnapshot(t.db);
  await t.client`insert into events (user_id, kind, data) select ${user}, 'verification', jsonb_build_object('level', n % 3) from generate_series(1, 5) as n`;
  expect(await eventsCommittedSince(t.db, start, 4)).toEqual({ snapshot: expect.any(String), rows: [], overflow: true });
  expect((await eventsCommittedSince(t.db, start, 5)).rows).toHaveLength(5);
});
