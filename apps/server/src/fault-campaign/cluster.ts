// The fault campaign's own cluster (docs/operations.md "Fault campaign"): a fresh embedded
// PostgreSQL in a temporary folder, K Kolo servers behind HAProxy, as `cluster` runs them
// (launch/shared.ts), except that the sandboxes' webhooks go to the campaign's relay, and that a
// server can be SIGKILLed and started again on the same port (HAProxy's health check takes it
// back). Everything is stopped and the folder removed by `stop`. With `--ha` the cluster is `ha up`'s
// (launch/ha-cluster.ts: PostgreSQL 15 primary and synchronous standby under Patroni and etcd,
// HAProxy, two servers) in a temporary data folder, and the primary's postmaster can be SIGKILLed.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, prepareDatabase, switchOffFraudControls } from "@kolo/db";
import { findFreePort, startEmbeddedPostgres } from "@kolo/db/embedded";
import { type Env, readEnv } from "../env";
import { haDown, haLeaderWithSyncStandby, haUp, isAlive, postmasterPid, startHaServer, stopPid, writeHaState } from "../launch/ha-cluster";
import { SERVER_DIR, compileServer, ensureDebianPackages, haproxyConfig, serverCommand, sharedServerSettings, waitHealthy } from "../launch/shared";

export interface CampaignCluster {
  /** HAProxy's address, e.g. http://127.0.0.1:41234. */
  proxy: string;
  databaseUrl: string;
  /** The servers' shared settings (their sandboxes' seed among them): the campaign builds the same provider clients. */
  env: Env;
  /** The servers' ports, in HAProxy's order. */
  ports: readonly number[];
  /** SIGKILLs server `index` (no shutdown of any kind) and waits for it to be gone. */
  kill(index: number): Promise<void>;
  /** Starts server `index` again on its port and waits until it answers /api/health. */
  restart(index: number): Promise<void>;
  /**
   * `--ha` only: SIGKILLs the postmaster of the node Patroni calls leader (as the failover test
   * does) and answers that node's name; Patroni restarts it or promotes the standby.
   */
  killPrimary?(): Promise<string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  servers: number;
  /** Where the sandboxes send their webhooks (the relay's base URL). */
  webhookBaseUrl: string;
  /** Lines of the servers' own output (warnings and errors) go here. */
  log: (line: string) => void;
}

/**
 * The servers' settings in a campaign: webhooks to the relay, no auth rate limit or recipient
 * lookup cap to speak of (the campaign signs up its users, and 24 users make thousands of P2P
 * transfers, each a lookup), payout webhooks after 0.3 s, charge webhooks retried every 1 s, the
 * first requery after 1 s, VTpass's pending fixture delivered after 1 s and its hang cut off after
 * 1.5 s (docs/providers.md), so the faults cost seconds, not minutes.
 */
function campaignServerSettings(webhookBaseUrl: string): Record<string, string> {
  return {
    SANDBOX_WEBHOOK_BASE_URL: webhookBaseUrl,
    AUTH_RATE_LIMIT_MAX: "1000000",
    RECIPIENT_LOOKUP_LIMIT: "1000000",
    SANDBOX_WEBHOOK_DELAY_MS: "300",
    SANDBOX_WEBHOOK_RETRY_MS: "1000",
    REQUERY_FIRST_DELAY_MS: "1000",
    VTPASS_SANDBOX_PENDING_MS: "1000",
    VTPASS_TIMEOUT_MS: "1500",
    LOG_LEVEL: "error",
  };
}

/**
 * Starts PostgreSQL (max_connections 200), prepares the schema, starts `servers` servers with the
 * campaign's settings and HAProxy. Throws (after cleaning up) when anything does not come up.
 */
export async function startCampaignCluster(options: ClusterOptions): Promise<CampaignCluster> {
  ensureDebianPackages({ haproxy: "haproxy" });
  const dataDir = mkdtempSync(join(tmpdir(), "kolo-fault-campaign-"));
  // As root the embedded PostgreSQL runs as `postgres`, which must get into the data folder.
  chmodSync(dataDir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const servers: (ChildProcess | undefined)[] = [];
  let haproxy: ChildProcess | undefined;
  let stopping = false;

  const exited = (child: ChildProcess | undefined) =>
    !child || child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    stopping = true;
    haproxy?.kill("SIGTERM");
    for (const child of servers) child?.kill("SIGTERM");
    await Promise.all([haproxy, ...servers].map(exited));
    for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
  };

  try {
    const [port, pgPort] = [await findFreePort(), await findFreePort()];
    const env = { ...readEnv(), PORT: port, KOLO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, DATABASE_URL: undefined };
    const pg = await startEmbeddedPostgres({ dataDir: join(dataDir, "postgres"), port: pgPort, postgresFlags: ["-c", "max_connections=200"] });
    cleanups.push(pg.stop);
    await prepareDatabase(pg.url);
    // The campaign is about faults, not fraud: its few fresh users pay many new recipients at once.
    const setup = createDb(pg.url, { max: 1 });
    await switchOffFraudControls(setup.db).finally(() => setup.close());
    const shared = sharedServerSettings(env, pg.url);
    await compileServer();
    const settings = { ...shared, ...campaignServerSettings(options.webhookBaseUrl) };
    const ports: number[] = [];
    for (let i = 0; i < options.servers; i++) ports.push(await findFreePort());

    const launch = (index: number) => {
      const child = spawn("env", serverCommand({ ...settings, PORT: String(ports[index]) }), {
        cwd: SERVER_DIR,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const forward = (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) options.log(`server ${index + 1}: ${line}`);
      };
      child.stdout?.on("data", forward);
      child.stderr?.on("data", forward);
      child.once("exit", (code, signal) => {
        if (!stopping && signal !== "SIGKILL") options.log(`server ${index + 1} exited (${signal ?? code})`);
      });
      servers[index] = child;
      return waitHealthy(`http://127.0.0.1:${ports[index]}/api/health`, 180_000);
    };
    await Promise.all(ports.map((_, index) => launch(index)));

    const configFile = join(dataDir, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig("127.0.0.1", port, ports));
    haproxy = spawn("haproxy", ["-f", configFile, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
    haproxy.stderr?.on("data", (chunk: Buffer) => {
      // HAProxy reports each server going down and up: expected around a SIGKILL.
      for (const line of chunk.toString("utf8").split("\n")) if (/ALERT|EMERG/.test(line)) options.log(`haproxy: ${line}`);
    });
    const proxy = `http://127.0.0.1:${port}`;
    await waitHealthy(`${proxy}/api/health`, 30_000);

    return {
      proxy,
      databaseUrl: pg.url,
      env: { ...env, KOLO_SANDBOX_SEED: shared.KOLO_SANDBOX_SEED, PUBLIC_URL: shared.PUBLIC_URL },
      ports,
      async kill(index) {
        const child = servers[index];
        child?.kill("SIGKILL");
        await exited(child);
      },
      restart: (index) => launch(index),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `--ha`: `ha up` (launch/ha-cluster.ts) in a fresh temporary data folder on free ports, its two
 * servers with the campaign's settings; `kill` and `restart` act on their background processes
 * (ha.json follows), `killPrimary` SIGKILLs the leader's postmaster, `stop` is `ha down --purge`.
 * Installs the Debian packages `ha up` needs when missing (as root). Throws (after `ha down
 * --purge`) when anything does not come up.
 */
export async function startHaCampaignCluster(options: Omit<ClusterOptions, "servers">): Promise<CampaignCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), "kolo-fault-campaign-ha-"));
  // As root, `ha up` runs PostgreSQL as `postgres`, which must get into the folder.
  chmodSync(dataDir, 0o755);
  const env: Env = {
    ...readEnv(),
    KOLO_DATA_DIR: dataDir,
    PORT: await findFreePort(),
    HA_PG_PORT: await findFreePort(),
    HOST: "127.0.0.1",
    DATABASE_URL: undefined,
  };
  const stop = async () => {
    await haDown(env, true).catch((error: unknown) => options.log(`ha down: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { state, serverSettings } = await haUp(env, campaignServerSettings(options.webhookBaseUrl));
    const health = (index: number) => `http://127.0.0.1:${state.servers[index]!.port}/api/health`;
    return {
      proxy: `http://127.0.0.1:${state.port}`,
      databaseUrl: state.databaseUrl,
      env: { ...env, KOLO_SANDBOX_SEED: serverSettings.KOLO_SANDBOX_SEED, PUBLIC_URL: serverSettings.PUBLIC_URL },
      ports: state.servers.map((server) => server.port),
      async kill(index) {
        const { pid } = state.servers[index]!;
        process.kill(pid, "SIGKILL");
        // A background child is reaped by Node; past 10 s stopPid's own SIGKILL is all there is to do.
        for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
        if (isAlive(pid)) await stopPid(pid, "SIGKILL", 1_000);
      },
      async restart(index) {
        const server = state.servers[index]!;
        server.pid = startHaServer(state.dir, serverSettings, server.port, index);
        writeHaState(state);
        await waitHealthy(health(index), 180_000);
      },
      async killPrimary() {
        const leader = await haLeaderWithSyncStandby(state);
        process.kill(postmasterPid(leader), "SIGKILL");
        return leader.name;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
