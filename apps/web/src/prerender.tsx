// The two first screens rendered to HTML at build time (scripts/route-pages.ts): /login paints
// its form, and /dashboard its frame, before any JavaScript has arrived (docs/performance.md
// "Phone experience"). Built for Node by Vite's server-side build; never part of the browser's bundle.
import { MantineProvider } from "@mantine/core";
import { RouterProvider, createMemoryHistory } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createAppRouter } from "./router";
import { DashboardShell } from "./features/dashboard/dashboard-shell";
import { DASHBOARD_FIRST_BATCH, batchQueryUrl } from "./lib/first-batch";
import { cssVariablesResolver, theme } from "./theme";

const withProviders = (children: ReactNode) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
    {children}
  </MantineProvider>
);

/**
 * The HTML of /login as the app renders it for a signed-out visitor: the providers' <style>
 * elements and the screen's markup. The router loads every lazy route first, so the render
 * needs no Suspense fallback (whose streamed reveal would need inline scripts). The guest
 * layout's session check fails outside a browser, which reads as signed out. Throws when the
 * form is not in the result.
 */
export async function renderSignIn(): Promise<string> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ["/login"] }), prerender: true });
  await router.load();
  const html = renderToString(withProviders(<RouterProvider router={router} />));
  if (!/<button[^>]*type="submit"[^>]*>[\s\S]*?Sign In/.test(html)) throw new Error("The build-time render of /login has no Sign In button");
  return inertSignInForm(html);
}

/**
 * The prerendered form cannot sign anyone in: only React's can. A press before the JavaScript has
 * arrived would submit it the browser's way, a GET to /login with the password in the URL. So the
 * server's copy posts (never a URL) and its Sign In button is disabled (no click, and no Enter in a
 * field, submits it) until React's form replaces it (docs/decisions/web.md "Phone experience").
 */
function inertSignInForm(html: string): string {
  const form = html.replace(/<form(?=[\s>])/, '<form method="post"');
  const inert = form.replace(/<button(?=[^>]*type="submit")/, '<button disabled=""');
  if (inert === form || form === html) throw new Error("The build-time render of /login has no form to make inert");
  return inert;
}

/** The HTML of the dashboard's frame (DashboardShell), with the providers' <style> elements. */
export function renderDashboardShell(): string {
  return renderToString(withProviders(<DashboardShell />));
}

/** The URL of /dashboard's first batched request (lib/first-batch.ts), for dashboard.html's preload. */
export function dashboardFirstBatchUrl(): string {
  return batchQueryUrl(DASHBOARD_FIRST_BATCH);
}
