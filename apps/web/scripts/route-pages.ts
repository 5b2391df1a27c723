// Pages for the two screens a phone opens first (docs/performance.md "Phone experience"), written
// by the `kolo-route-pages` plugin of vite.config.ts after the browser build:
// - dist/login.html: index.html with the sign-in screen already in it (src/prerender.tsx), so the
//   form paints before the JavaScript runs;
// - dist/dashboard.html: index.html that asks at once for the signed-in screens' JavaScript (the
//   installed app starts at /dashboard), instead of discovering it chunk by chunk.
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
  if (/<script[\s>]/i.test(markup)) throw new Error("The prerendered sign-in screen contains a <script>: the CSP allows none inline");
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

const modulePreloads = (files: readonly string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);

/**
 * Writes `dashboard.html` into `outDir`: index.html naming `chunks` (the signed-in layout's, the
 * tRPC client's and the dashboard's JavaScript, paths inside `outDir`) for module preload.
 */
export async function writePreloadedDashboard(outDir: string, chunks: readonly string[]): Promise<void> {
  await writeFile(join(outDir, "dashboard.html"), await indexWithHead(outDir, modulePreloads(chunks)));
}

/**
 * Builds src/prerender.tsx for Node, renders /login, and writes `login.html` and its stylesheet
 * `assets/sign-in-shell-<hash>.css` into `outDir` (the browser build's output, with index.html).
 * `routeChunks` (paths inside `outDir`) are the sign-in route's own JavaScript: the page names
 * them for module preload, so they load with the entry instead of after it has run. The session
 * check the guest layout makes (GET /api/auth/session, docs/rest-api.md) starts with the page too.
 */
export async function writePrerenderedSignIn(root: string, outDir: string, routeChunks: readonly string[]): Promise<void> {
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
    const { renderSignIn } = (await import(pathToFileURL(join(serverOut, "prerender.js")).href)) as { renderSignIn: () => Promise<string> };
    const { markup, css } = externaliseStyles(await renderSignIn());
    const cssFile = `assets/sign-in-shell-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
    await writeFile(join(outDir, cssFile), css);
    let page = await indexWithHead(outDir, [
      `<link rel="stylesheet" href="/${cssFile}">`,
      ...modulePreloads(routeChunks),
      '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">',
    ]);
    page = replaceOnce(page, '<html lang="en-NG">', '<html lang="en-NG" data-mantine-color-scheme="light">');
    page = replaceOnce(page, '<div id="root"></div>', `<div id="root"><div ${PRERENDERED_ATTRIBUTE}>${markup}</div></div>`);
    await writeFile(join(outDir, "login.html"), page);
  } finally {
    await rm(serverOut, { recursive: true, force: true });
  }
}
