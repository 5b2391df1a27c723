import { useCallback, useSyncExternalStore } from "react";

/**
 * 'Hide balance' (docs/product.md "Settings"): remembered per device in localStorage, so a phone
 * shown to someone else keeps amounts masked on the balance card after a reload. Not an account
 * setting: another device decides for itself.
 */
export const HIDE_BALANCE_KEY = "kolo.hideBalance";
/** What a hidden amount reads as. */
export const MASKED_AMOUNT = "₦ ••••••";

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(HIDE_BALANCE_KEY) === "1";
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === HIDE_BALANCE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** [hidden, setHidden]: whether amounts on the balance card are masked on this device. */
export function useHideBalance(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(subscribe, read, () => false);
  const setHidden = useCallback((next: boolean) => {
    try {
      if (next) window.localStorage.setItem(HIDE_BALANCE_KEY, "1");
      else window.localStorage.removeItem(HIDE_BALANCE_KEY);
    } catch {
      // Storage refused (private mode): nothing is kept, the amounts stay as they were.
    }
    for (const listener of listeners) listener();
  }, []);
  return [hidden, setHidden];
}
