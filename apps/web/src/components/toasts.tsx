import { Suspense, lazy, useSyncExternalStore } from "react";
import { toastsRequested } from "../lib/notify";

const Notifications = lazy(() => import("./notifications-host"));

/**
 * Where toasts appear (docs/decisions.md): at the bottom of the screen, over the
 * bottom navigation (toasts.css), never over a page's header or title nor its main button; the
 * close button lets the user uncover the navigation at once. Loaded with the first toast.
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
