// First-screen benchmark (`pnpm bench:web`): loads /login in Chromium on simulated slow 4G with a
// 4× CPU slowdown and reports the bytes fetched, the time until the sign-in form is visible and
// until it is interactive, cold (empty cache) and on a repeat visit (the service worker and the
// HTTP cache warm). A benchmark, not a test: it asserts nothing (the JS byte budget is checked in
// e2e/first-screen.spec.ts). Needs a built web app (apps/web/dist); see docs/performance.md.
import { cpus } from "node:os";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { startBenchServer } from "./server";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
/** Lighthouse's "slow 4G": 150 ms RTT × 3.75 ≈ 562.5 ms, 1.6 Mbit/s × 0.9 ≈ 1.47 Mbit/s (devtools throttling). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;

interface Resource {
  url: string;
  type: string;
  /** Bytes on the wire (headers + body, compressed when the server compressed). */
  transferred: number;
  /** Decoded body bytes. */
  raw: number;
  /** The decoded body gzipped at level 9 (the unit of the JS budget in e2e/first-screen.spec.ts). */
  gzip: number;
  finishedAt: number;
}

interface Run {
  /** Navigation start to the first frame painted with the Sign In button (the server's HTML or React's). */
  visibleMs: number;
  /** Navigation start to React's Sign In button, enabled: its handlers are attached. */
  interactiveMs: number;
  resources: Resource[];
}

/** Targets of docs/performance.md "Phone experience", in ms. */
const TARGETS = { visible: 2_000, interactive: 3_000, repeatInteractive: 1_000 };

/**
 * Records, in the page, when the Sign In button is first painted (`__visibleAt`: the frame after
 * it enters the DOM, and not before the first contentful paint) and when React's own button is
 * there and enabled (`__interactiveAt`). A prerendered shell's button sits inside
 * `[data-prerendered]` (scripts/route-pages.ts), which React replaces: it counts as visible only.
 * A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const TIMING_SCRIPT = `
  let fcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const signIn = () => [...document.querySelectorAll("button[type=submit]")].filter((b) => b.textContent.includes("Sign In"));
  const check = (observer) => {
    const buttons = signIn();
    if (buttons.length > 0 && window.__visibleSeen === undefined) {
      window.__visibleSeen = true;
      requestAnimationFrame(() => setTimeout(() => { window.__visibleAt = Math.max(performance.now(), fcp); }, 0));
    }
    const live = buttons.find((b) => !b.closest("[data-prerendered]") && !b.disabled);
    if (live && window.__interactiveAt === undefined) {
      window.__interactiveAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(() => check(observer));
  observer.observe(document, { childList: true, subtree: true, attributes: true });
`;

/**
 * One load of /login under throttling. Cold: a fresh context (empty cache, no cookies, no service
 * worker). Repeat: the context has opened /login once before, unthrottled, and its service worker
 * (when the build has one) controls the page; then /login is opened again under throttling.
 */
async function measure(browser: Browser, visit: "cold" | "repeat"): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.addInitScript(TIMING_SCRIPT);
  if (visit === "repeat") {
    await page.goto(`${BASE}/login`);
    await page.waitForFunction(() => (window as unknown as { __interactiveAt?: number }).__interactiveAt !== undefined);
    // Wait until the service worker (if any) is active and its precache is complete.
    await page.evaluate(async () => {
      if ("serviceWorker" in navigator && (await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.ready;
    });
    await page.waitForLoadState("networkidle");
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (visit === "cold") await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

  const byId = new Map<string, Resource>();
  const bodies: Promise<void>[] = [];
  let origin = 0;
  cdp.on("Network.requestWillBeSent", (e) => {
    if (!origin) origin = e.timestamp;
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? "Other", transferred: 0, raw: 0, gzip: 0, finishedAt: 0 });
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on("Network.dataReceived", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.raw += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.transferred = e.encodedDataLength;
    r.finishedAt = (e.timestamp - origin) * 1000;
    bodies.push(
      cdp.send("Network.getResponseBody", { requestId: e.requestId }).then(
        ({ body, base64Encoded }) => void (r.gzip = gzipSync(Buffer.from(body, base64Encoded ? "base64" : "utf8"), { level: 9 }).length),
        () => undefined,
      ),
    );
  });

  await page.goto(`${BASE}/login`, { waitUntil: "commit" });
  // Functions, not strings: the app's CSP forbids evaluating strings in the page.
  const timings = () => {
    const w = window as unknown as { __interactiveAt?: number; __visibleAt?: number };
    return w.__interactiveAt !== undefined && w.__visibleAt !== undefined ? { interactive: w.__interactiveAt, visible: w.__visibleAt } : null;
  };
  await page.waitForFunction(timings, null, { timeout: 120_000, polling: 100 });
  const measured = await page.evaluate(timings);
  await page.waitForLoadState("networkidle");
  await Promise.all(bodies);
  await context.close();
  return {
    visibleMs: measured?.visible ?? Number.NaN,
    interactiveMs: measured?.interactive ?? Number.NaN,
    resources: [...byId.values()].filter((r) => r.finishedAt > 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function summary(resources: Resource[]) {
  const sum = (list: Resource[]) => ({
    files: list.length,
    raw: list.reduce((s, r) => s + r.raw, 0),
    gzip: list.reduce((s, r) => s + r.gzip, 0),
    transferred: list.reduce((s, r) => s + r.transferred, 0),
  });
  return {
    js: sum(resources.filter((r) => r.type === "Script")),
    css: sum(resources.filter((r) => r.type === "Stylesheet")),
    total: sum(resources),
  };
}

const server = await startBenchServer(PORT);
try {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
  });
  const runs: Run[] = [];
  const repeats: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await measure(browser, "cold"));
    repeats.push(await measure(browser, "repeat"));
  }
  await browser.close();

  const first = runs[0];
  if (!first) throw new Error("no runs");
  const before = summary(first.resources.filter((r) => r.finishedAt <= first.interactiveMs));
  const all = summary(first.resources);
  console.log(`\nKolo first screen: /login, cold cache, slow 4G (562.5 ms RTT, 1.47 Mbit/s down), CPU ${CPU_SLOWDOWN}× slower`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, Node ${process.version}, ${browser.version()}`);
  const row = (name: string, s: { files: number; raw: number; gzip: number; transferred: number }) =>
    console.log(
      `  ${name.padEnd(14)} ${String(s.files).padStart(3)} files  raw ${kb(s.raw).padStart(9)}  gzip -9 ${kb(s.gzip).padStart(9)}  transferred ${kb(s.transferred).padStart(9)}`,
    );
  console.log("until the form is interactive:");
  row("JS", before.js);
  row("CSS", before.css);
  row("all requests", before.total);
  console.log("after the network is idle:");
  row("JS", all.js);
  row("CSS", all.css);
  row("all requests", all.total);
  const report = (label: string, values: number[], target: number) =>
    console.log(
      `${label.padEnd(34)} median ${median(values).toFixed(0).padStart(5)} ms (target ≤ ${target} ms) over ${values.length} runs: ${values.map((t) => t.toFixed(0)).join(", ")} ms`,
    );
  const lines: [string, Run[], "visibleMs" | "interactiveMs", number][] = [
    ["cold: form visible", runs, "visibleMs", TARGETS.visible],
    ["cold: form interactive", runs, "interactiveMs", TARGETS.interactive],
    ["repeat visit: form visible", repeats, "visibleMs", TARGETS.visible],
    ["repeat visit: form interactive", repeats, "interactiveMs", TARGETS.repeatInteractive],
  ];
  for (const [label, of, key, target] of lines)
    report(
      label,
      of.map((run) => run[key]),
      target,
    );
  if (process.env.BENCH_VERBOSE)
    for (const r of first.resources)
      console.log(
        `  ${r.type.padEnd(10)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)} ${kb(r.transferred).padStart(9)} ${r.finishedAt.toFixed(0).padStart(6)} ms  ${r.url}`,
      );
} finally {
  server.kill("SIGTERM");
}
