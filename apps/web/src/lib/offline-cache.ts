// The last balance and recent transactions kept on the device for a signed-in user who opens the
// app without a network (docs/decisions/web.md "Phone experience"). TanStack Query's persister
// saves a few queries to IndexedDB (idb-keyval); they are read back only when the session cannot
// be checked because the network is down. Online, the server is the only source.
// The copy never outlives its user (docs/decisions/web.md "Offline copy"): localStorage names the
// user signed in on this device (SIGNED_IN_KEY), set when the server confirms them and removed at
// sign-out or when the session is found ended. A copy is saved only when it is that user's (checked
// before and again after each write, so a tab still holding an old user cannot write it back) and
// shown only to that user; any other copy is deleted when read.
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { type PersistedClient, persistQueryClientSubscribe } from "@tanstack/query-persist-client-core";
import { type Query, type QueryClient, type QueryKey, hydrate } from "@tanstack/react-query";
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
/** The localStorage key naming the user signed in on this device (their id), absent when nobody is. */
export const SIGNED_IN_KEY = "kolo-signed-in-user";

/** The id of the user this device last saw signed in, as text, or null (signed out, or storage refused). */
export function signedInMark(): string | null {
  try {
    return localStorage.getItem(SIGNED_IN_KEY);
  } catch {
    return null;
  }
}

/** Records `userId` as the user signed in on this device (the server has just confirmed them). */
export function markSignedIn(userId: number): void {
  try {
    localStorage.setItem(SIGNED_IN_KEY, String(userId));
  } catch {
    // Storage refused (private mode): no copy is then ever shown, since none matches.
  }
}

/** Nobody is signed in on this device any more; other tabs hear it through the storage event. */
function clearSignedInMark(): void {
  try {
    localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Nothing was stored.
  }
}

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

/** The user id the saved cache `client` belongs to (its auth.me), or undefined. */
function savedUserId(client: PersistedClient): number | undefined {
  const me = client.clientState.queries.find((query) => samePath(query.queryKey, meKey))?.state.data as { id?: unknown } | undefined;
  return typeof me?.id === "number" ? me.id : undefined;
}

export interface OfflineCache {
  /**
   * Puts the saved cache into the query client if it is still valid and belongs to the user this
   * device last saw signed in (signedInMark); any other saved cache is deleted. Never throws.
   */
  restore(): Promise<void>;
  /**
   * Signs the device out (the mark is removed; other tabs hear it) and deletes the saved cache
   * (sign-out, a session that ended); saving resumes with the next signed-in user's data.
   */
  forget(): Promise<void>;
}

/**
 * Saves the kept queries of `queryClient` to IndexedDB (at most once a second) while a user is
 * signed in, and only that user's: a save whose cache holds another user than the one this tab
 * holds, or than the device's signed-in mark, is dropped, and a write that lands after the mark
 * changed (another tab signed out meanwhile) is deleted at once; so a save still pending at
 * sign-out, here or in another tab, can never outlive it. superjson keeps dates and other values
 * as the tRPC client gave them.
 */
export function createOfflineCache(queryClient: QueryClient): OfflineCache {
  let writing = "";
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key).then((value) => value ?? null),
      setItem: async (key, value: string) => {
        const owner = writing;
        await set(key, value);
        // Signed out (or another user signed in) while the write was under way: it must not stay.
        if (signedInMark() !== owner) await del(key);
      },
      removeItem: del,
    },
    key: OFFLINE_CACHE_KEY,
    serialize: (client: PersistedClient) => {
      const saved = savedUserId(client);
      const current = signedInUserId(queryClient);
      if (current === undefined || saved !== current || signedInMark() !== String(saved)) throw new Error("Not the signed-in user's cache: not saved");
      writing = String(saved);
      return superjson.stringify(client);
    },
    deserialize: (text) => superjson.parse<PersistedClient>(text),
  });
  const shouldDehydrateQuery = (query: Query) => query.state.status === "success" && KEPT.some((key) => samePath(query.queryKey, key));
  const subscribe = () => persistQueryClientSubscribe({ queryClient, persister, buster: CACHE_SHAPE, dehydrateOptions: { shouldDehydrateQuery } });
  let unsubscribe: (() => void) | undefined = subscribe();

  return {
    async restore() {
      const mark = signedInMark();
      const saved = await Promise.resolve(persister.restoreClient()).catch(() => undefined);
      if (saved) {
        const valid = saved.buster === CACHE_SHAPE && Date.now() - saved.timestamp <= MAX_AGE_MS;
        if (valid && mark !== null && String(savedUserId(saved)) === mark) hydrate(queryClient, saved.clientState);
        else await Promise.resolve(persister.removeClient()).catch(() => undefined);
      }
      unsubscribe ??= subscribe();
    },
    async forget() {
      clearSignedInMark();
      unsubscribe?.();
      unsubscribe = undefined;
      await Promise.resolve(persister.removeClient()).catch(() => undefined);
      // Saving starts again with the next user's data (their sign-in fills the cache anew).
      unsubscribe = subscribe();
    },
  };
}
