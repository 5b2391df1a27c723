import { Suspense, lazy, useSyncExternalStore } from "react";
import { toastsRequested } from "../lib/notify";

const Notifications = lazy(() => import("./notifications-host"));

/**
 * Where toasts appear (issue 7 item 21, docs/decisions.md): bottom centre, above the bottom
 * navigation (64 px) and the safe area (toasts.css), so they never cover a page's header or title, and the
 * screens keep their main buttons in the upper part of the page. Loaded with the first toast.
 */
export function Toasts() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        limit={1}
        position="bottom-center"
        zIndex={1000}
        classNames={{ root: "kolo-toasts" }}
      />
    </Suspense>
  );
}
