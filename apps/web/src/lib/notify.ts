import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

/**
 * Toasts. Only one is visible at a time (spec 01 §3, §9): `<Notifications limit={1}>` plus this
 * helper, which hides the previous toast before showing the next so it never waits in the queue.
 */
let previousId: string | undefined;

export interface NotifyOptions {
  title: string;
  message: ReactNode;
  /** Mantine colour: "red" for failures; the theme's primary colour by default. */
  color?: string;
}

export function notify({ title, message, color }: NotifyOptions): void {
  if (previousId) notifications.hide(previousId);
  previousId = notifications.show({ title, message, color, autoClose: 6000 });
}

export const notifyError = (title: string, message: ReactNode) => notify({ title, message, color: "red" });
