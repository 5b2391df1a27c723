// Creates the router with its context (query client and tRPC utilities, STYLE 10) and the
// providers every route needs. Change here to add router-wide defaults.
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, parseSearchWith, stringifySearchWith } from "@tanstack/react-router";
import { getQueryKey } from "@trpc/react-query";
import { NotFound } from "./components/not-found";
import { PageError } from "./components/page-error";
import { PageLoader } from "./components/page-loader";
import { errorCode } from "./lib/errors";
import { FEATURES_QUERY_OPTIONS, ME_QUERY_OPTIONS, TRANSACTIONS_QUERY_OPTIONS } from "./lib/queries";
import { createQueryClient, createTrpcUtils, trpc, trpcClient } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";

export function createAppRouter() {
  const meKey = getQueryKey(trpc.auth.me);

  // A query answering UNAUTHORIZED while we hold a user means the session ended (expired,
  // revoked, account suspended or locked): forget the user and go to /login (spec 01 §4).
  const queryClient = createQueryClient((error) => {
    if (errorCode(error) !== "UNAUTHORIZED") return;
    const signedIn = queryClient.getQueriesData({ queryKey: meKey }).some(([, user]) => user !== undefined);
    if (!signedIn) return;
    queryClient.clear();
    void router.navigate({ to: "/login", replace: true });
  });
  // The timings of spec 01 §7 for every use of these queries, loaders included.
  queryClient.setQueryDefaults(meKey, ME_QUERY_OPTIONS);
  queryClient.setQueryDefaults(getQueryKey(trpc.transactions.list), TRANSACTIONS_QUERY_OPTIONS);
  queryClient.setQueryDefaults(getQueryKey(trpc.features.list), FEATURES_QUERY_OPTIONS);
  const trpcUtils = createTrpcUtils(queryClient);

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc: trpcUtils },
    // Loaders only warm the query cache; TanStack Query decides freshness.
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
    // Plain query strings (?reference=123, not ?reference=%22123%22): every search param here is
    // flat, and each route's zod schema coerces the strings it needs as numbers.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    Wrap: ({ children }) => (
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    ),
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
