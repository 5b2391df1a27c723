// Creates the router with its context and router-wide defaults. The tRPC/Query stack
// (lib/api.tsx) is loaded on demand through `context.loadApi`: the signed-in layout loads it in its
// beforeLoad and hands `queryClient` and `trpc` to every screen below it.
import { type RouterHistory, createRouter, parseSearchWith, stringifySearchWith } from "@tanstack/react-router";
import { NotFound } from "./components/not-found";
import { PageError } from "./components/page-error";
import { PageLoader } from "./components/page-loader";
import type { Api } from "./lib/api";
import { routeTree } from "./routeTree.gen";

/**
 * `history`: the browser's by default. The build-time render of /login (prerender.tsx) passes a
 * memory history and `prerender`, which leaves out scroll restoration: on a server render it
 * writes an inline <script>, which the CSP forbids.
 */
export function createAppRouter(options: { history?: RouterHistory; prerender?: boolean } = {}) {
  let api: Promise<Api> | undefined;
  /** The one Api of this page, created on first use. */
  const loadApi = (): Promise<Api> =>
    (api ??= import("./lib/api").then(({ createApi }) => createApi(() => void router.navigate({ to: "/login", replace: true }))));

  const router = createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    context: { loadApi },
    // Loaders only warm the query cache; TanStack Query decides freshness.
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: !options.prerender,
    // Plain query strings (?reference=123, not ?reference=%22123%22): every search param here is
    // flat, and each route's zod schema coerces the strings it needs as numbers.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
