#!/usr/bin/env node
// The Format phase of `npm test`: no line of README.md or docs/**/*.md is longer than 200
// characters, so every page reads without sideways scrolling; a table that would be wider is
// written as a list instead. Prints each long line as file:line (length) and exits 1.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const LIMIT = 200;

/** Every .md file under `dir`, recursively. */
function markdownUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

const long = [];
for (const file of [join(ROOT, "README.md"), ...markdownUnder(join(ROOT, "docs"))]) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      const length = [...line].length;
      if (length > LIMIT) long.push(`${relative(ROOT, file)}:${index + 1} (${length} characters)`);
    });
}
if (long.length > 0) {
  console.error(`Lines longer than ${LIMIT} characters (wrap them; turn a wide table into a list):\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`README.md and docs/: no line longer than ${LIMIT} characters`);
