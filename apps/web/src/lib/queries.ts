// Query hooks shared by many screens: the signed-in user, feature switches and the
// transaction list, with the cache timings of docs/product.md.
import { type FeatureKey, isFeatureEnabled } from "@kolo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { errorCode } from "./errors";
import { type PublicUser, trpc } from "./trpc";

import { FEATURES_QUERY_OPTIONS, ME_QUERY_OPTIONS, TRANSACTIONS_QUERY_OPTIONS } from "./query-options";

export * from "./query-options";

/**
 * The signed-in user. Only for screens under the `_authed` layout, whose beforeLoad has already
 * put the user in the cache (so this never suspends there).
 */
export function useMe(): PublicUser {
  const [me] = trpc.auth.me.useSuspenseQuery(undefined, ME_QUERY_OPTIONS);
  return me;
}

/** `isEnabled(key)`: the feature switch as it applies to the signed-in user (docs/product.md). */
export function useFeatures(): (key: FeatureKey) => boolean {
  const me = useMe();
  const { data } = trpc.features.list.useQuery(undefined, FEATURES_QUERY_OPTIONS);
  return useCallback((key: FeatureKey) => isFeatureEnabled(data, key, me.role), [data, me.role]);
}

export function useTransactions(filters?: { q?: string; from?: string; to?: string }) {
  const narrowed = filters && (filters.q || filters.from || filters.to) ? filters : undefined;
  return trpc.transactions.list.useQuery(narrowed, { ...TRANSACTIONS_QUERY_OPTIONS, placeholderData: (previous) => previous });
}

/** 'Merchant Account', 'Personal Account' or 'Admin Account' for the dashboard header. */
export function accountLabel(user: Pick<PublicUser, "role" | "merchantId">): string {
  if (user.role === "admin") return "Admin Account";
  return user.role === "merchant" || user.merchantId !== null ? "Merchant Account" : "Personal Account";
}

/**
 * Log out: end the session on the server (`everywhere`: every session of the user, auth.logoutAll,
 * 'Sign out of all devices'), forget every cached answer (in memory and the copy kept on the
 * device for offline use, lib/offline-cache.ts), go to /login. A single sign-out signs out locally
 * whatever the server said (the cookie may already be gone); signing out everywhere throws when the
 * server could not be told (offline, a fault), so the screen says so, and proceeds when the session
 * had already ended (401).
 */
export function useLogout(options: { everywhere?: boolean } = {}): { logout: () => Promise<void>; isPending: boolean } {
  const router = useRouter();
  const queryClient = useQueryClient();
  const one = trpc.auth.logout.useMutation();
  const all = trpc.auth.logoutAll.useMutation();
  const mutation = options.everywhere ? all : one;
  const everywhere = options.everywhere === true;
  const [isPending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await mutation.mutateAsync();
    } catch (error) {
      if (everywhere && errorCode(error) !== "UNAUTHORIZED") {
        setPending(false);
        throw error;
      }
    }
    queryClient.clear();
    await router.options.context.loadApi().then((api) => api.offlineCache.forget());
    await router.navigate({ to: "/login", replace: true });
    setPending(false);
  }, [mutation, everywhere, queryClient, router]);
  return { logout, isPending };
}
