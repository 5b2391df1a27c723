// The tRPC/TanStack Query stack of the web app, loaded on demand (`context.loadApi` in router.tsx): the sign-in
// screen does without it until the form is submitted, which keeps its JavaScript small
// (docs/performance.md "Web first screen"). Change here the query client's defaults and the
// providers the signed-in screens need.
import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import type { ReactNode } from "react";
import { errorCode } from "./errors";
import { type OfflineCache, SIGNED_IN_KEY, cachedUser, createOfflineCache, markSignedIn } from "./offline-cache";
import { isOffline } from "./offline";
import { FEATURES_QUERY_OPTIONS, ME_QUERY_OPTIONS, TRANSACTIONS_QUERY_OPTIONS } from "./queries";
import { type PublicUser, createQueryClient, createTrpcUtils, trpc, trpcClient } from "./trpc";

export interface Api {
  queryClient: ReturnType<typeof createQueryClient>;
  /** The typed utilities the loaders use (prefetch, ensureData, setData, ...). */
  trpc: ReturnType<typeof createTrpcUtils>;
  /** The plain tRPC client, for calls outside React (sign-in, registration). */
  client: typeof trpcClient;
  /** The last balance and transactions kept on the device (lib/offline-cache.ts). */
  offlineCache: OfflineCache;
  /**
   * The signed-in user, or null. Asks the server (auth.me, cached per ME_QUERY_OPTIONS); only when
   * the network is down, or the request fails without an answer, does it use the copy kept on the
   * device (only that user's, lib/offline-cache.ts), so a user who opened the app before sees their
   * last balance offline. A 401 (the session ended: signed out elsewhere, suspended...) deletes the copy.
   */
  signedInUser(): Promise<PublicUser | null>;
}

/**
 * Builds the query client and tRPC utilities. `onSessionEnded` runs when a query answers
 * UNAUTHORIZED while a user is held: the session ended (expired, revoked, account suspended or
 * locked); the user is forgotten first (docs/product.md). It also runs when another tab of this
 * browser signs the user out (or signs another user in): this tab drops the user it holds.
 */
export function createApi(onSessionEnded: () => void): Api {
  const meKey = getQueryKey(trpc.auth.me);
  const queryClient = createQueryClient((error) => {
    if (errorCode(error) !== "UNAUTHORIZED") return;
    const signedIn = queryClient.getQueriesData({ queryKey: meKey }).some(([, user]) => user !== undefined);
    if (!signedIn) return;
    queryClient.clear();
    void offlineCache.forget();
    onSessionEnded();
  });
  const offlineCache = createOfflineCache(queryClient);
  // Another tab signed out (the mark removed) or signed someone else in: what this tab holds is not theirs.
  globalThis.window?.addEventListener("storage", (event) => {
    if (event.key !== SIGNED_IN_KEY && event.key !== null) return;
    const held = cachedUser<{ id?: unknown }>(queryClient)?.id;
    if (held === undefined || String(held) === event.newValue) return;
    queryClient.clear();
    onSessionEnded();
  });
  // The timings of docs/product.md for every use of these queries, loaders included.
  queryClient.setQueryDefaults(meKey, ME_QUERY_OPTIONS);
  queryClient.setQueryDefaults(getQueryKey(trpc.transactions.list), TRANSACTIONS_QUERY_OPTIONS);
  queryClient.setQueryDefaults(getQueryKey(trpc.features.list), FEATURES_QUERY_OPTIONS);
  const utils = createTrpcUtils(queryClient);
  const signedInUser = async (): Promise<PublicUser | null> => {
    if (!isOffline()) {
      try {
        const me = await utils.auth.me.ensureData();
        if (!("mfaRequired" in me)) markSignedIn(me.id);
        return me;
      } catch (error) {
        // The server answered (signed out, suspended...): that is the answer, whatever is kept;
        // a session found ended takes the copy kept on the device with it.
        if (errorCode(error) === "UNAUTHORIZED") await offlineCache.forget();
        if (errorCode(error) !== undefined) return null;
      }
    }
    if (cachedUser(queryClient) === undefined) await offlineCache.restore();
    return cachedUser<PublicUser>(queryClient) ?? null;
  };
  return { queryClient, trpc: utils, client: trpcClient, offlineCache, signedInUser };
}

/** The providers of tRPC's React hooks and TanStack Query, around the signed-in screens. */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={api.queryClient}>
      <QueryClientProvider client={api.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
