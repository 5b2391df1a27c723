import { useRef, useState } from "react";
import { isOffline, notifyOffline } from "./offline";

/**
 * One request at a time for a form that is not a money form (those use money-form.tsx): `run(task)`
 * does nothing while a task runs (a ref: a double click comes before any re-render), refuses at
 * once with the offline toast, and `busy` is true while the task runs.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    if (isOffline()) return notifyOffline();
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
