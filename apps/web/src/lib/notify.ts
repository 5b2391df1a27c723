import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

/**
 * Toasts. Only one is visible at a time (docs/product.md): `<Notifications limit={1}>` plus this
 * helper, which hides the previous toast before showing the next so it never waits in the queue.
 * The toast UI (components/toasts.tsx) is loaded on the first toast, not with the first screen:
 * `notifications.show` only writes to Mantine's store, which the UI reads when it mounts.
 */
let previousId: string | undefined;
let previousTitle: string | undefined;
let requested = false;
const listeners = new Set<() => void>();

export interface NotifyOptions {
  title: string;
  message: ReactNode;
  /** Mantine colour: "red" for failures; the theme's primary colour by default. */
  color?: string;
  /** Milliseconds on screen (6000 by default); false: until closed (a payout's failure, docs/product.md "Payment endings"). */
  autoClose?: number | false;
}

export function notify({ title, message, color, autoClose = 6000 }: NotifyOptions): void {
  if (previousId) notifications.hide(previousId);
  previousTitle = title;
  previousId = notifications.show({ title, message, color, autoClose, closeButtonProps: { "aria-label": "Close notification", size: "xl" } });
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

export const notifyError = (title: string, message: ReactNode) => notify({ title, message, color: "red" });

/**
 * Hides the toast on screen if it is the one titled `title`: a form calls it when the user
 * changes what the toast complained about ('Invalid Amount' once the amount is edited), so a
 * reason that no longer holds does not stay on screen for its 6 s.
 */
export function dismissToast(title: string): void {
  if (previousId === undefined || previousTitle !== title) return;
  notifications.hide(previousId);
  previousId = undefined;
  previousTitle = undefined;
}

/** For useSyncExternalStore: whether any toast was shown yet (then the toast UI must be mounted). */
export const toastsRequested = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => requested,
};
