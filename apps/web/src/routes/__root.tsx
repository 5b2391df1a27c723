import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFound } from "../components/not-found";
import type { Api } from "../lib/api";

/**
 * What every route's beforeLoad and loader receive: `loadApi` gives the query client
 * and the tRPC utilities (loaded on first use). Under `_authed` they are also in the context
 * directly as `queryClient` and `trpc`.
 */
export interface RouterContext {
  loadApi: () => Promise<Api>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
