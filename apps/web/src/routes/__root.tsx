import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFound } from "../components/not-found";
import type { Api } from "../lib/api";
import { FIRST_SCREENS, loadLaterStyles } from "../lib/styles";

/**
 * What every route's beforeLoad and loader receive: `loadApi` gives the query client
 * and the tRPC utilities (loaded on first use). Under `_authed` they are also in the context
 * directly as `queryClient` and `trpc`.
 */
export interface RouterContext {
  loadApi: () => Promise<Api>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every screen but the first ones draws with the rest of Mantine's styles: they are in the page
  // before it renders (docs/performance.md "Mantine's styles, split").
  beforeLoad: ({ location }) => (FIRST_SCREENS.has(location.pathname) ? undefined : loadLaterStyles().then(() => undefined)),
  component: Outlet,
  notFoundComponent: NotFound,
});
