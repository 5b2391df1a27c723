// Vite build and dev server for the web app. The router plugin must come before react(): it
// generates src/routeTree.gen.ts and splits route code. Dev proxies the API to the server on :3000.
// precompress() writes .br and .gz beside each built file for the server (preCompressed).
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";

const apiServer = "http://localhost:3000";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * After the build, writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) for each
 * text file in the output folder, when smaller than the file. The server sends them as they are
 * (apps/server/src/app.ts, @fastify/static `preCompressed`), so no compression work per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "kolo-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), precompress()],
  server: {
    proxy: { "/trpc": apiServer, "/api": apiServer, "/sandbox": apiServer },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React, react-dom and the router run on every screen: one chunk rather than a dozen small
        // ones (each compresses on its own, so fewer files are fewer bytes on the first screen).
        codeSplitting: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](router-core|react-router|history|store))[\\/]/ }],
        },
      },
    },
  },
});
