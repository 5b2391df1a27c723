// Pages for the two screens a phone opens first (docs/performance.md "Phone experience"), written
// by the `kolo-route-pages` plugin of vite.config.ts after the browser build:
// - dist/login.html: index.html with the sign-in screen already in it (src/prerender.tsx), so the
//   form paints before the JavaScript runs;
// - dist/dashboard.html: the dashboard's frame (header, balance card, quick actions) painted while
//   the signed-in screens' JavaScript, asked for at once, and the user's data load (the installed
//   app starts at /dashboard).
//
// The page keeps the app's CSP (apps/server/src/security.ts): no script is added, and React's
// style attributes, which `style-src-attr 'none'` would ignore, become rules of a hashed
// stylesheet (with the providers' <style> elements) that the page links.
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

/** Marks the prerendered markup: React replaces it, and bench/first-screen.ts tells the two apart. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

const ENTITIES: Record<string, string> = { "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&amp;": "&", "&lt;": "<", "&gt;": ">" };
const unescapeAttribute = (value: string) => value.replace(/&(?:quot|#x27|#39|amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Moves `<style>` elements and `style="..."` attributes out of `markup`: each distinct style
 * attribute becomes `data-ks="N"` and a rule `[data-ks="N"][data-ks="N"]{...}` (two attribute
 * selectors outrank a component's single class, as an inline style would). Returns the markup
 * and the stylesheet. Refuses markup with a script: the CSP would block it.
 */
export function externaliseStyles(markup: string): { markup: string; css: string } {
  if (/<script[\s>]/i.test(markup)) throw new Error("A prerendered screen contains a <script>: the CSP allows none inline");
  const sheets: string[] = [];
  let html = markup.replace(/<style[^>]*>([\s\S]*?)<\/style>/g, (_, css: string) => {
    sheets.push(css);
    return "";
  });
  const rules = new Map<string, number>();
  html = html.replace(/ style="([^"]*)"/g, (_, raw: string) => {
    const declarations = unescapeAttribute(raw);
    let id = rules.get(declarations);
    if (id === undefined) {
      id = rules.size;
      rules.set(declarations, id);
    }
    return ` data-ks="${id}"`;
  });
  const css = [...sheets, ...[...rules].map(([declarations, id]) => `[data-ks="${id}"][data-ks="${id}"]{${declarations}}`)].join("\n");
  return { markup: html, css };
}

/** Replaces `search` in `text` once, or throws: the build must fail rather than ship a page without its shell. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`index.html has no ${search}`);
  return text.replace(search, () => replacement);
}

/** index.html with `lines` added at the end of its head. */
async function indexWithHead(outDir: string, lines: readonly string[]): Promise<string> {
  const page = await readFile(join(outDir, "index.html"), "utf8");
  return replaceOnce(page, "</head>", `${lines.map((line) => `  ${line}\n`).join("")}  </head>`);
}

/**
 * Module preload links for `files`. `low`: asked for at low priority, so that on a slow link the
 * stylesheets the prerendered screen needs to paint are not sharing it with the JavaScript.
 */
const modulePreloads = (files: readonly string[], priority: "auto" | "low" = "auto") =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}"${priority === "low" ? ' fetchpriority="low"' : ""}>`);

/**
 * Writes `file` into `outDir`: index.html with `rendered` (a prerendered screen) inside `#root`,
 * marked PRERENDERED_ATTRIBUTE, its styles in `assets/<name>-shell-<hash>.css`, and `head` lines.
 */
async function writePrerenderedPage(outDir: string, file: string, name: string, rendered: string, head: readonly string[]): Promise<void> {
  const { markup, css } = externaliseStyles(rendered);
  const cssFile = `assets/${name}-shell-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  await writeFile(join(outDir, cssFile), css);
  let page = await indexWithHead(outDir, [`<link rel="stylesheet" href="/${cssFile}">`, ...head]);
  page = replaceOnce(page, '<html lang="en-NG">', '<html lang="en-NG" data-mantine-color-scheme="light">');
  page = replaceOnce(page, '<div id="root"></div>', `<div id="root"><div ${PRERENDERED_ATTRIBUTE}>${markup}</div></div>`);
  await writeFile(join(outDir, file), page);
}

/** The chunks (paths inside the build's output) each page names for module preload. */
export interface RoutePageChunks {
  /** The guest layout's and the sign-in screen's JavaScript, with what they import. */
  signIn: readonly string[];
  /** The signed-in layout's, the tRPC client's and the dashboard's JavaScript, with what they import. */
  dashboard: readonly string[];
}

/**
 * Builds src/prerender.tsx for Node and writes into `outDir` (the browser build's output, with
 * index.html):
 * - `login.html`: the sign-in screen rendered, its route's chunks preloaded (they load with the
 *   entry instead of after it has run) and the guest layout's session check (GET
 *   /api/auth/session, docs/rest-api.md) started with the page;
 * - `dashboard.html`: the dashboard's frame rendered (DashboardShell), its chunks preloaded and the
 *   signed-in layout's first batched request (the session check and the home screen's queries,
 *   src/lib/first-batch.ts) started with the page.
 */
export async function writeRoutePages(root: string, outDir: string, chunks: RoutePageChunks): Promise<void> {
  // Inside node_modules: Node resolves the server build's external imports from there, and no
  // tool looks at it.
  const serverOut = join(root, "node_modules", ".kolo-prerender");
  await build({
    root,
    configFile: join(root, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    build: { ssr: "src/prerender.tsx", outDir: serverOut, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  try {
    const screens = (await import(pathToFileURL(join(serverOut, "prerender.js")).href)) as {
      renderSignIn: () => Promise<string>;
      renderDashboardShell: () => string;
      dashboardFirstBatchUrl: () => string;
    };
    await writePrerenderedPage(outDir, "login.html", "sign-in", await screens.renderSignIn(), [
      ...modulePreloads(chunks.signIn),
      '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">',
    ]);
    const firstBatch = screens.dashboardFirstBatchUrl().replaceAll("&", "&amp;");
    await writePrerenderedPage(outDir, "dashboard.html", "dashboard", screens.renderDashboardShell(), [
      ...modulePreloads(chunks.dashboard, "low"),
      `<link rel="preload" href="${firstBatch}" as="fetch" crossorigin="use-credentials">`,
    ]);
  } finally {
    await rm(serverOut, { recursive: true, force: true });
  }
}
