// `npm run pnpm -- ha up|down [--purge]|backup [full|diff|incr]|restore "<time>"`: Kolo on a highly
// available PostgreSQL, on one machine (docs/operations.md "Running on a highly available PostgreSQL";
// docs/operations.md). What each does is in launch/ha-cluster.ts; this is its command line.
import { readEnv } from "./env";
import { haBackup, haDown, haRestore, haUp } from "./launch/ha-cluster";

const commands: Record<string, () => Promise<void>> = {
  async up() {
    const { state, serverSettings } = await haUp(readEnv());
    console.log(
      `\nKolo is running at ${serverSettings.PUBLIC_URL}: 2 servers behind HAProxy, on PostgreSQL 15 under Patroni (leader through 127.0.0.1:${state.pgPort}).\nLogs and ha.json in ${state.dir}. Stop it with: npm run pnpm -- ha down`,
    );
  },
  async down() {
    const done = await haDown(readEnv(), process.argv[3] === "--purge");
    console.log({ nothing: "Nothing to stop (no ha.json).", stopped: "Stopped.", purged: "Stopped; the cluster's data is deleted." }[done]);
  },
  async backup() {
    console.log(await haBackup(readEnv(), process.argv[3]));
  },
  async restore() {
    const copy = await haRestore(readEnv(), process.argv[3]);
    console.log(`Restored to ${copy.target}: ${copy.url}\n(data in ${copy.dataDir}; \`ha down\` stops it)`);
  },
};
const run = commands[process.argv[2] ?? ""];
if (!run) {
  console.error('usage: npm run pnpm -- ha up|down [--purge]|backup [full|diff|incr]|restore "<time with zone>"');
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
