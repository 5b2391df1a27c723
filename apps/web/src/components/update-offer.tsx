import { Suspense, lazy, useSyncExternalStore } from "react";
import { updateWaiting } from "../lib/service-worker";

const UpdatePrompt = lazy(() => import("./update-prompt"));

/** Shows the update prompt while a new version waits; its code loads only then (docs/performance.md). */
export function UpdateOffer() {
  const applyUpdate = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get);
  if (!applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt applyUpdate={applyUpdate} />
    </Suspense>
  );
}
