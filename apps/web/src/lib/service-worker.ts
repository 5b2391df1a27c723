/**
 * The service worker's registration and its update offer (docs/decisions/web.md "Phone
 * experience"). The worker itself is Workbox's, generated at build time (vite.config.ts
 * `installableApp`); it waits after installing a new version until it receives
 * `{ type: "SKIP_WAITING" }`. Registering it takes these few lines of the standard
 * ServiceWorkerContainer API rather than workbox-window, whose 2.7 KB would break the first
 * screen's JavaScript budget (docs/performance.md).
 */

/** Switches to the waiting version: the page reloads once the new worker controls it. */
export type ApplyUpdate = () => void;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker) {
  const container = navigator.serviceWorker;
  // The first install has no older version in control: nothing to replace, nothing to ask.
  if (!container.controller) return;
  waiting = () => {
    container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    worker.postMessage({ type: "SKIP_WAITING" });
  };
  for (const listener of listeners) listener();
}

async function register() {
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (!registration) return;
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offer(installing);
    });
  });
  // An installed app can stay open for days: look for a new version whenever it comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void registration.update().catch(() => undefined);
  });
}

/**
 * Registers /sw.js once the page has loaded, so the worker's precaching never competes with the
 * first screen for the network. Does nothing in development or where service workers are
 * unavailable (an insecure origin, an old browser).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** For useSyncExternalStore: the function that applies a waiting update, or null while none waits. */
export const updateWaiting = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): ApplyUpdate | null => waiting,
};
