// Cache timings of the queries (docs/product.md), in a module of their own with no imports: route
// loaders use them, and a loader's imports land in the first screen's JavaScript (the tRPC/Query
// stack must stay in the chunk loaded on demand, see router.tsx and e2e/first-screen.spec.ts).

/** auth.me: cached 60 s, never refetched on focus, no retry; any failure means signed out. */
export const ME_QUERY_OPTIONS = { staleTime: 60_000, refetchOnWindowFocus: false, retry: false } as const;

/** transactions.list: stale after 5 s; the live event stream keeps it current (lib/live.tsx), no polling. */
export const TRANSACTIONS_QUERY_OPTIONS = { staleTime: 5_000 } as const;

export const FEATURES_QUERY_OPTIONS = { staleTime: 60_000 } as const;

/** verification.status / transactionLimit: fresh for 10 s; a verification invalidates them at once. */
export const VERIFICATION_QUERY_OPTIONS = { staleTime: 10_000 } as const;

/** bankAccounts.list and banks.list: the saved accounts change only through this app; the bank list rarely. */
export const BANK_ACCOUNTS_QUERY_OPTIONS = { staleTime: 30_000 } as const;
export const BANKS_QUERY_OPTIONS = { staleTime: 10 * 60_000 } as const;
