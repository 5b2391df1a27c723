// The tRPC client of the web app: React hooks (`trpc`), the query client, and the utilities the
// router's loaders use. Every call goes to /trpc with the session cookie (docs/product.md).
import type { AppRouter, RouterInputs, RouterOutputs } from "@kolo/api";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import { errorCode } from "./errors";
import { isOffline } from "./offline";

const CLIENT_ERROR_CODES = new Set(["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "TOO_MANY_REQUESTS"]);
const isClientError = (error: unknown) => CLIENT_ERROR_CODES.has(errorCode(error) ?? "");

export type { RouterInputs, RouterOutputs };
export type PublicUser = RouterOutputs["auth"]["me"];

export const trpc = createTRPCReact<AppRouter>();

/**
 * Queries and mutations go batched over HTTP; the one subscription, the live event stream
 * (docs/product.md "Live updates"), over Server-Sent Events, which reconnects by itself and sends
 * the last event id it saw.
 */
export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/trpc", transformer: superjson, eventSourceOptions: { withCredentials: true } }),
      false: httpBatchLink({
        url: "/trpc",
        transformer: superjson,
        fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
      }),
    }),
  ],
});

export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

/**
 * Builds the query client. `onQueryError` sees every failed query (the router uses it to send a
 * user whose session ended back to /login). Mutations are never retried (docs/product.md) and run with
 * networkMode 'always': TanStack's default ('online') pauses a mutation while the browser is
 * offline and fires it by itself when the connection returns, which for money means a transfer
 * nobody confirmed. Offline they now fail at once and the form says so (lib/offline.ts).
 * Queries run with networkMode 'always' too and are not retried offline: a query paused until the
 * network returns would hold a route's loader, and the screen, on its spinner; failing at once
 * lets the screen show what the cache holds (lib/offline-cache.ts). Back online, TanStack's
 * refetch on reconnect brings them up to date.
 */
export function createQueryClient(onQueryError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    defaultOptions: {
      // One retry for network and server faults; an answer the server meant (4xx) is final.
      queries: {
        retry: (failures, error) => failures < 1 && !isClientError(error) && !isOffline(),
        refetchOnWindowFocus: false,
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

export function createTrpcUtils(queryClient: QueryClient): TrpcUtils {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });
}
