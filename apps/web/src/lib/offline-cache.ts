// The last balance and recent transactions kept on the device for a signed-in user who opens the
// app without a network (docs/decisions/web.md "Phone experience"). TanStack Query's persister
// saves a few queries to IndexedDB (idb-keyval); they are read back only when the session cannot
// be checked because the network is down. Online, the server is the only source.
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { type PersistedClient, persistQueryClientRestore, persistQueryClientSubscribe } from "@tanstack/query-persist-client-core";
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { del, get, set } from "idb-keyval";
import superjson from "superjson";
import { trpc } from "./trpc";

/** The IndexedDB key (idb-keyval's default database) of the saved cache. */
export const OFFLINE_CACHE_KEY = "kolo-offline-cache";
/** Raise when the shape of a saved query changes: a saved cache of another shape is dropped. */
const CACHE_SHAPE = "1";
/** A saved cache older than this is dropped, not shown. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const meKey = getQueryKey(trpc.auth.me);
/** What is kept: the user (with the balance), the recent transactions, the feature switches, the verification level. */
const KEPT = [meKey, getQueryKey(trpc.transactions.list), getQueryKey(trpc.features.list), getQueryKey(trpc.verification.status)];
const samePath = (a: QueryKey, b: QueryKey) => JSON.stringify(a[0]) === JSON.stringify(b[0]);

/** What auth.me holds in `queryClient` (its key carries the input after the path: matched by prefix), or undefined. */
export function cachedUser<T>(queryClient: QueryClient): T | undefined {
  return queryClient.getQueriesData<T>({ queryKey: meKey }).find(([, data]) => data !== undefined)?.[1];
}

/** The id of the signed-in user held in `queryClient`, or undefined (nobody, or a second factor pending). */
function signedInUserId(queryClient: QueryClient): number | undefined {
  const me = cachedUser<{ id?: unknown }>(queryClient);
  return typeof me?.id === "number" ? me.id : undefined;
}

export interface OfflineCache {
  /** Puts the saved cache, if any and if still valid, into the query client. Never throws. */
  restore(): Promise<void>;
  /** Deletes the saved cache (sign-out, a session that ended); saving resumes with the next signed-in user's data. */
  forget(): Promise<void>;
}

/**
 * Saves the kept queries of `queryClient` to IndexedDB (at most once a second) while a user is
 * signed in, and only that user's: a save whose cache holds another user than the one signed in
 * now, or none, is dropped, so a save still pending at sign-out can never outlive it. superjson
 * keeps dates and other values as the tRPC client gave them.
 */
export function createOfflineCache(queryClient: QueryClient): OfflineCache {
  const persister = createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key).then((value) => value ?? null), setItem: set, removeItem: del },
    key: OFFLINE_CACHE_KEY,
    serialize: (client: PersistedClient) => {
      const saved = client.clientState.queries.find((query) => samePath(query.queryKey, meKey))?.state.data as { id?: unknown } | undefined;
      const current = signedInUserId(queryClient);
      if (current === undefined || saved?.id !== current) throw new Error("Not the signed-in user's cache: not saved");
      return superjson.stringify(client);
    },
    deserialize: (text) => superjson.parse<PersistedClient>(text),
  });
  const shouldDehydrateQuery = (query: Query) => query.state.status === "success" && KEPT.some((key) => samePath(query.queryKey, key));
  const subscribe = () => persistQueryClientSubscribe({ queryClient, persister, buster: CACHE_SHAPE, dehydrateOptions: { shouldDehydrateQuery } });
  let unsubscribe: (() => void) | undefined = subscribe();

  return {
    async restore() {
      await persistQueryClientRestore({ queryClient, persister, buster: CACHE_SHAPE, maxAge: MAX_AGE_MS }).catch(() => undefined);
      unsubscribe ??= subscribe();
    },
    async forget() {
      unsubscribe?.();
      unsubscribe = undefined;
      await Promise.resolve(persister.removeClient()).catch(() => undefined);
      // Saving starts again with the next user's data (their sign-in fills the cache anew).
      unsubscribe = subscribe();
    },
  };
}
