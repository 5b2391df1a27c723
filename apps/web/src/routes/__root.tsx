import type { QueryClient } from "@tanstack/react-query";
import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFound } from "../components/not-found";
import type { TrpcUtils } from "../lib/trpc";

/** What every route's beforeLoad and loader receive (STYLE 10). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
