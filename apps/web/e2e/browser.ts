// The Chromiums the browser tests drive, and their flags: one place for playwright.config.ts and
// the scanner's camera browser (camera.ts).
import { existsSync } from "node:fs";

/**
 * Debian's chromium-headless-shell (the headless-only build of Chromium, what Playwright itself
 * runs headless) when installed, else Debian's full Chromium; neither: Playwright's own download.
 * The shell draws the same pages with about 30% less CPU on this project's suite, which runs two
 * cores flat out (docs/testing.md "Browser tests: the headless shell, no traces").
 */
export const BROWSER_EXECUTABLE = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

/**
 * The scanner's camera browser (camera.ts): Debian's full Chromium when installed. The shell
 * answers a camera the user refused as a camera it cannot open ("Unable to access camera"), where
 * a phone's Chrome, like full Chromium, says access was denied (NotAllowedError), which the
 * scanner's tests check.
 */
export const CAMERA_BROWSER_EXECUTABLE = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : BROWSER_EXECUTABLE;

/** Chromium's flags for a container without a GPU or a network beyond the test server. */
export const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
