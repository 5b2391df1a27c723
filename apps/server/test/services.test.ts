// The development BVN hash key is made once per data folder and kept, so stored BVN hashes still
// match after a restart (a random key per start would unlink every verified BVN).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { developmentBvnHashKey } from "../src/services";

const dir = mkdtempSync(join(tmpdir(), "kolo-bvn-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("creates the key once, private to its owner, and answers the same key on every later start", () => {
  const dataDir = join(dir, "data");
  const first = developmentBvnHashKey(dataDir);
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(statSync(join(dataDir, "bvn-hash-key")).mode & 0o777).toBe(0o600);
  expect(developmentBvnHashKey(dataDir)).toBe(first);
});
