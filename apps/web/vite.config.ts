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
import { VitePWA } from "vite-plugin-pwa";
import { writeRoutePages } from "./scripts/route-pages";

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

/**
 * After the browser build, writes dist/login.html with the sign-in screen already rendered and
 * dist/dashboard.html with the dashboard's frame, each with its chunks preloaded (scripts/route-pages.ts),
 * before the service worker's manifest and the compressed copies are made (`order: "pre"`, one
 * after the other), so both get their .br and .gz too.
 */
function routePages(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "kolo-route-pages",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "pre",
      sequential: true,
      handler: () => writeRoutePages(root, outDir, { signIn: [...pageChunks.signIn].sort(), dashboard: [...pageChunks.dashboard].sort() }),
    },
  };
}

/**
 * Trims the preload lists Vite writes for each dynamic import (they live in the entry chunk and
 * grew with every route: 2.8 KB of /login's gzipped 18 KB at 40 routes). Left out of a route
 * chunk's list: chunks the entry imports statically (loaded before any dynamic import runs) and,
 * for a screen under the signed-in layout, the chunks that layout's own code imports (the router
 * loads the layout's code at the same time, so they are already on their way; a module is fetched
 * once). Filled at generateBundle, before Vite's import analysis resolves the lists.
 */
const alreadyLoaded = { entry: new Set<string>(), authedLayout: new Set<string>(), underAuthed: new Set<string>() };
/**
 * The chunks each route page (scripts/route-pages.ts) names for module preload: its screens' own
 * JavaScript and what it imports, less what the entry loads anyway. Filled by the same pass.
 */
const pageChunks = { signIn: new Set<string>(), dashboard: new Set<string>() };
function trimPreloadLists(): Plugin {
  return {
    name: "kolo-trim-preload-lists",
    apply: "build",
    enforce: "pre",
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])));
      const closure = (roots: string[], into: Set<string>) => {
        const queue = [...roots];
        while (queue.length > 0) {
          const file = queue.pop()!;
          if (into.has(file)) continue;
          into.add(file);
          queue.push(...(chunks.get(file)?.imports ?? []));
        }
      };
      const route = (chunk: { facadeModuleId: string | null }, pattern: RegExp) => pattern.test(chunk.facadeModuleId?.replaceAll("\\", "/") ?? "");
      const all = [...chunks.values()];
      closure(
        all.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        alreadyLoaded.entry,
      );
      closure(
        all.filter((chunk) => route(chunk, /\/routes\/_authed\.tsx/)).map((chunk) => chunk.fileName),
        alreadyLoaded.authedLayout,
      );
      for (const chunk of all) if (route(chunk, /\/routes\/_authed\//)) alreadyLoaded.underAuthed.add(chunk.fileName);
      // What /login loads after the entry: the guest layout's and the sign-in screen's chunks with
      // everything they import (the prerendered login.html asks for them with the page).
      closure(
        all.filter((chunk) => route(chunk, /\/routes\/_guest(\.tsx|\/login\.tsx)/)).map((chunk) => chunk.fileName),
        pageChunks.signIn,
      );
      // What /dashboard loads after the entry: the signed-in layout, the tRPC client (lib/api.tsx)
      // and the dashboard screen, with everything they import (dashboard.html preloads them).
      closure(
        all
          .filter((chunk) => route(chunk, /\/routes\/_authed(\.tsx|\/dashboard\.tsx)|\/features\/dashboard\/dashboard-screen\.tsx|\/lib\/api\.tsx/))
          .map((chunk) => chunk.fileName),
        pageChunks.dashboard,
      );
      for (const file of alreadyLoaded.entry) {
        pageChunks.signIn.delete(file);
        pageChunks.dashboard.delete(file);
      }
    },
  };
}

/** Paths the service worker never answers: money data, sessions and the sandbox pages come only from the network. */
const NETWORK_ONLY_PATHS = /^\/(api|trpc|sandbox)(\/|$)/;

/**
 * The installable app (docs/decisions/web.md "Phone experience"): the web app manifest and a
 * Workbox service worker that precaches the app shell and the hashed assets. It has no runtime
 * caching at all, so /api, /trpc and the event stream always go to the network; navigations to
 * app routes are answered with the precached index.html. `prompt`: a new version waits until the
 * user presses Reload (components/update-prompt.tsx).
 */
const installableApp = () =>
  VitePWA({
    registerType: "prompt",
    injectRegister: false,
    // The glob below already lists public/ files: listing them twice would precache them twice.
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Kolo",
      short_name: "Kolo",
      description: "Kolo: your naira wallet. Add money, send money and pay.",
      lang: "en-NG",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#087f47",
      background_color: "#f8f9fa",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png}"],
      // The route pages (scripts/route-pages.ts) are for the first visit over the network; offline and on
      // later visits the worker answers every navigation with index.html.
      globIgnores: ["login.html", "dashboard.html", "assets/*-shell-*.css"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [NETWORK_ONLY_PATHS],
      cleanupOutdatedCaches: true,
      runtimeCaching: [],
    },
  });

// The server-side build of scripts/route-pages.ts (the sign-in screen's HTML) needs only the router
// plugin and React: no service worker, preload lists or compressed copies of its own.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()]
    : [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), trimPreloadLists(), routePages(), installableApp(), precompress()],
  server: {
    proxy: { "/trpc": apiServer, "/api": apiServer, "/sandbox": apiServer },
  },
  build: {
    outDir: "dist",
    modulePreload: {
      // index.html's own list (hostType "html") is kept whole: it is what starts the entry's chunks
      // loading with the page rather than after the entry has run.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === "html"
          ? deps
          : deps.filter((dep) => !alreadyLoaded.entry.has(dep) && !(alreadyLoaded.underAuthed.has(file) && alreadyLoaded.authedLayout.has(dep))),
    },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React, react-dom and the router run on every screen: one chunk rather than a dozen small
        // ones (each compresses on its own, so fewer files are fewer bytes on the first screen).
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](router-core|react-router|history|store))[\\/]/ },
            // The form controls of every screen, /login included, and the small layout pieces the
            // sign-in screens use (Group, ThemeIcon, Anchor), in one file rather than eight.
            {
              name: "inputs",
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Group|ThemeIcon|Anchor)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
