// PostgreSQL under Patroni, as `ha` runs it (docs/operations.md "Running on a highly available PostgreSQL";
// docs/operations.md): Patroni's configuration of a node, HAProxy's listener for the leader, the
// state file `ha up` writes, and Patroni's REST view of the cluster.
import { join } from "node:path";

/** PostgreSQL 15 from Debian, the version the HA cluster runs (the embedded default is 17). */
export const PG15_BIN = "/usr/lib/postgresql/15/bin";
/** Patroni's timing (bootstrap.dcs): a leader that stops renewing its lock for `ttl` s loses it. */
export const PATRONI_DCS = { ttl: 10, loop_wait: 2, retry_timeout: 4 } as const;

/** pgBackRest's stanza (its name for the cluster). */
export const BACKREST_STANZA = "kolo";

/**
 * pgBackRest's configuration: the repository at `repo` (full backups and the WAL archive, two
 * full backups kept) and both nodes, so a backup finds whichever is the primary.
 */
export function backrestConfig(repo: string, nodes: readonly { pgPort: number; dataDir: string; socketDir: string }[]): string {
  return [
    "[global]",
    `repo1-path=${repo}/repo`,
    "repo1-retention-full=2",
    `log-path=${repo}/log`,
    `lock-path=${repo}/lock`,
    "log-level-console=warn",
    "start-fast=y",
    `[${BACKREST_STANZA}]`,
    ...nodes.flatMap((node, i) => [`pg${i + 1}-path=${node.dataDir}`, `pg${i + 1}-port=${node.pgPort}`, `pg${i + 1}-socket-path=${node.socketDir}`]),
    "",
  ].join("\n");
}

/** One PostgreSQL node under Patroni. */
export interface HaNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  patroniPid: number;
}

/** `$KOLO_DATA_DIR/ha/ha.json`: what `up` started. */
export interface HaState {
  /** Kolo through HAProxy (HTTP). */
  port: number;
  /** PostgreSQL through HAProxy: always the leader. */
  pgPort: number;
  /** The database URL the Kolo servers use (through HAProxy), superuser. */
  databaseUrl: string;
  etcd: { pid: number; clientPort: number };
  nodes: HaNode[];
  haproxy: { pid: number; configFile: string };
  servers: { port: number; pid: number }[];
  /** The folder of logs and configuration. */
  dir: string;
  /** pgBackRest's configuration file (its repository sits beside the nodes' data). */
  backrestConfig: string;
  /** The superuser's password (also in `dir`/superuser-password). */
  superuserPassword: string;
}

/** Patroni's configuration of node `name` (JSON is YAML). */
export function patroniConfig(p: {
  name: string;
  etcdPort: number;
  restPort: number;
  pgPort: number;
  dataDir: string;
  socketDir: string;
  passwords: { superuser: string; replication: string };
  /** pgBackRest's configuration file: WAL is archived to its repository (archive-push). */
  backrestConfig: string;
}) {
  return {
    scope: "kolo",
    namespace: "/kolo/",
    name: p.name,
    restapi: { listen: `127.0.0.1:${p.restPort}`, connect_address: `127.0.0.1:${p.restPort}` },
    etcd3: { hosts: [`127.0.0.1:${p.etcdPort}`] },
    bootstrap: {
      dcs: {
        ...PATRONI_DCS,
        maximum_lag_on_failover: 1_048_576,
        // A commit is acknowledged once the synchronous standby holds it: no acknowledged payment is lost with the primary.
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          parameters: {
            max_connections: 200,
            wal_level: "replica",
            hot_standby: "on",
            wal_log_hints: "on",
            max_wal_senders: 10,
            max_replication_slots: 10,
            // Every WAL segment goes to pgBackRest's repository: point-in-time recovery (docs/operations.md).
            archive_mode: "on",
            archive_command: `pgbackrest --config=${p.backrestConfig} --stanza=${BACKREST_STANZA} archive-push %p`,
            archive_timeout: 60,
          },
        },
      },
      initdb: [{ encoding: "UTF8" }, { locale: "C" }, "data-checksums"],
      pg_hba: ["local all all trust", "host replication replicator 127.0.0.1/32 scram-sha-256", "host all all 127.0.0.1/32 scram-sha-256"],
    },
    postgresql: {
      listen: `127.0.0.1:${p.pgPort}`,
      connect_address: `127.0.0.1:${p.pgPort}`,
      data_dir: p.dataDir,
      bin_dir: PG15_BIN,
      pgpass: join(p.socketDir, `pgpass-${p.name}`),
      authentication: {
        superuser: { username: "postgres", password: p.passwords.superuser },
        replication: { username: "replicator", password: p.passwords.replication },
        rewind: { username: "postgres", password: p.passwords.superuser },
      },
      parameters: { unix_socket_directories: p.socketDir },
    },
  };
}

/** The PostgreSQL listener of HAProxy: TCP to whichever node Patroni's REST API calls the primary. */
export function pgListener(pgPort: number, nodes: readonly { name: string; pgPort: number; restPort: number }[]): string[] {
  return [
    "listen postgres",
    `  bind 127.0.0.1:${pgPort}`,
    "  mode tcp",
    "  option tcplog",
    // Idle pooled and LISTEN connections stay open; a dead node's sessions are cut at once.
    "  timeout client 30m",
    "  timeout server 30m",
    "  option httpchk OPTIONS /primary",
    "  http-check expect status 200",
    "  default-server inter 1s fall 1 rise 1 on-marked-down shutdown-sessions",
    ...nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} maxconn 190 check port ${node.restPort}`),
  ];
}

/** Patroni's view of the cluster (GET /cluster on any node's REST API), or undefined when it does not answer. */
export async function patroniCluster(
  restPort: number,
): Promise<{ members: { name: string; role: string; state: string; lag?: number | string }[] } | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${restPort}/cluster`, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? ((await response.json()) as { members: { name: string; role: string; state: string }[] }) : undefined;
  } catch {
    return undefined;
  }
}

/** A copy of the database restored to a moment, running on its own (`ha restore`). */
export interface RestoredCopy {
  /** The moment restored to, as given. */
  target: string;
  dataDir: string;
  port: number;
  /** The restored `kolo` database, superuser. */
  url: string;
}
