import { notifyError } from "./notify";

/**
 * Offline handling for money actions. Mutations run with networkMode 'always'
 * (lib/trpc.ts): offline they fail at once instead of waiting and firing later on their own.
 * Forms check `isOffline()` before calling and after a failure, and say so; the user retries.
 */
export const OFFLINE_TITLE = "You are offline";
export const OFFLINE_MESSAGE = "Nothing was sent. Connect to the internet, then try again.";

/** True when the browser knows it has no network (navigator.onLine is false). */
export const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** The toast for a money action refused or failed because the browser is offline. */
export const notifyOffline = () => notifyError(OFFLINE_TITLE, OFFLINE_MESSAGE);
