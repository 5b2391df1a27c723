// The built web app as the server sends it: precompressed files chosen by Accept-Encoding, a year
// of immutable caching for hashed assets, revalidation for index.html.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helpers";

const INDEX = `<!doctype html><html><head><title>Kolo</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(50)}</body></html>`;
const SIGN_IN = `<!doctype html><html><head><title>Kolo</title></head><body><div id="root"><div data-prerendered><form>Sign In</form></div></div>${"<!-- padding -->".repeat(50)}</body></html>`;
const DASHBOARD = INDEX.replace("</head>", '<link rel="modulepreload" href="/assets/dashboard.js"></head>');
const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(500))};`;
const IMMUTABLE = "public, max-age=31536000, immutable";

let dist: string;

/** Writes a file with its .br and .gz siblings, as the web build does. */
function writeWithCompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

const { app } = useTestApp(() => {
  dist = mkdtempSync(join(tmpdir(), "kolo-web-dist-"));
  mkdirSync(join(dist, "assets"));
  writeWithCompressed(join(dist, "index.html"), INDEX);
  writeWithCompressed(join(dist, "login.html"), SIGN_IN);
  writeWithCompressed(join(dist, "dashboard.html"), DASHBOARD);
  writeWithCompressed(join(dist, "assets", "index-Ab12Cd34.js"), SCRIPT);
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return { webDistDir: dist };
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) => app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("hashed assets", () => {
  it("sends the brotli file to a browser that accepts br, cached for a year as immutable", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip file when only gzip is accepted", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the file as it is when no encoding is accepted", async () => {
    const response = await get("/assets/index-Ab12Cd34.js");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });
});

describe("index.html and other unhashed files", () => {
  it("an app route gets index.html compressed and revalidated on every use", async () => {
    const response = await get("/history", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it("/login gets the build's prerendered sign-in page, compressed and revalidated; no other path does", async () => {
    for (const url of ["/login", "/login?email=a", "/login/"]) {
      const response = await get(url, "gzip, deflate, br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(SIGN_IN);
    }
    for (const url of ["/login-help", "/register", "/"]) expect((await get(url)).body, url).toBe(INDEX);
    // /dashboard, where the installed app starts, gets the page that preloads its JavaScript.
    for (const url of ["/dashboard", "/dashboard?payment=success"]) expect((await get(url)).body, url).toBe(DASHBOARD);
    expect((await get("/dashboards")).body).toBe(INDEX);
  });

  it("/ and /favicon.svg are revalidated on every use", async () => {
    const root = await get("/", "gzip");
    expect(root.headers["content-encoding"]).toBe("gzip");
    expect(root.headers["cache-control"]).toBe("no-cache");
    const favicon = await get("/favicon.svg", "br");
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers["content-encoding"]).toBeUndefined();
    expect(favicon.headers["cache-control"]).toBe("no-cache");
  });
});
