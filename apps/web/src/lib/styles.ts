// The second half of Mantine's styles (styles/mantine-later.css: dialogs, tabs, tables, menus,
// selects, …), kept out of the render-blocking stylesheet of /login and /dashboard
// (docs/performance.md "Mantine's styles, split").

/** Screens drawn with styles/mantine-first.css alone (their dialogs load the rest with their code). */
export const FIRST_SCREENS: ReadonlySet<string> = new Set(["/", "/login", "/dashboard"]);

let later: Promise<unknown> | undefined;

/** Loads styles/mantine-later.css once; resolves when its stylesheet is in the page (Vite's CSS preload). */
export function loadLaterStyles(): Promise<unknown> {
  later ??= import("../styles/mantine-later.css");
  return later;
}

/** Loads the later styles once the browser is idle after the first screen (requestIdleCallback where there is one). */
export function loadLaterStylesWhenIdle(): void {
  const idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback : (run: () => void) => window.setTimeout(run, 500);
  idle(() => void loadLaterStyles());
}
