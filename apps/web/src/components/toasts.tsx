import { Suspense, lazy, useSyncExternalStore } from "react";
import { toastsRequested } from "../lib/notify";

const loadHost = () => import("./notifications-host");
const Notifications = lazy(loadHost);

/**
 * Fetches the toasts' code once the browser is idle after a signed-in screen (within 2 s), so that a
 * toast asked for with no connection ('You are offline', the first toast of many a session) can
 * still appear: loaded with the first toast only, it would need the network that is gone.
 */
export function loadToastsWhenIdle(): void {
  const load = () => void loadHost().catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 2_000 });
  else window.setTimeout(load, 500);
}

/**
 * Where toasts appear (docs/decisions.md): at the bottom of the screen, over the
 * bottom navigation (toasts.css), never over a page's header or title nor its main button; the
 * close button lets the user uncover the navigation at once. Shown from the first toast; the code
 * is fetched ahead when the browser is idle (loadToastsWhenIdle).
 */
export function Toasts() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={1} position="bottom-center" zIndex={1000} classNames={{ root: "kolo-toasts" }} />
    </Suspense>
  );
}
