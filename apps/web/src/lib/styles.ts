// The second half of Mantine's styles (styles/mantine-later.css: dialogs, tabs, tables, menus,
// selects, …), kept out of the render-blocking stylesheet of /login and /dashboard
// (docs/performance.md "Mantine's styles, split").
import laterStylesUrl from "../styles/mantine-later.css?url";

/** Screens drawn with styles/mantine-first.css alone (their dialogs load the rest with their code). */
export const FIRST_SCREENS: ReadonlySet<string> = new Set(["/", "/login", "/dashboard"]);

let later: Promise<void> | undefined;

/**
 * Adds styles/mantine-later.css to the page once, as a <link> (no script chunk for it); resolves
 * when it has loaded, or failed to (the screen then draws with what it has rather than not at all).
 */
export function loadLaterStyles(): Promise<void> {
  later ??= new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = laterStylesUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return later;
}

/** Loads the later styles once the browser is idle after the first screen (requestIdleCallback where there is one). */
export function loadLaterStylesWhenIdle(): void {
  const idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback : (run: () => void) => window.setTimeout(run, 500);
  idle(() => void loadLaterStyles());
}
