import { Box, Container } from "@mantine/core";
import { Outlet, createFileRoute, redirect, useLocation } from "@tanstack/react-router";
import { Suspense, lazy, useEffect, useState } from "react";
import { OfflineBalanceNotice } from "../components/offline-balance-notice";
import { loadToastsWhenIdle } from "../components/toasts";
import { ApiProvider } from "../lib/api";
import { BANK_ACCOUNTS_QUERY_OPTIONS, VERIFICATION_QUERY_OPTIONS } from "../lib/query-options";
import { BottomNav } from "../features/shell/bottom-nav";
import { safeRedirectPath } from "../lib/paths";

/**
 * The event stream's code (lib/live.tsx, with @kolo/domain's payout texts and zod), loaded once the
 * browser is idle after the first screen rather than before it (docs/performance.md
 * "/dashboard: JavaScript before the first render").
 */
const LiveUpdates = lazy(() => import("../lib/live").then(({ LiveUpdates }) => ({ default: LiveUpdates })));

/** Screens without the bottom navigation (a step-by-step flow of its own; the camera view). */
const WITHOUT_NAV = new Set(["/onboarding", "/scan"]);

/**
 * Pathless layout of every signed-in screen: no user (auth.me fails for any reason) means
 * /login (docs/product.md#accounts-and-sessions), with ?redirect= for an invoice payment page. Prefetches the feature switches the screens and navigation read.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    const api = await context.loadApi();
    // The queries every signed-in screen reads (the switches) and the home screen's transactions go
    // out with the session check, in the same batched request: one round trip before the first
    // screen rather than two (docs/performance.md "Phone experience"). On /dashboard the batch is
    // lib/first-batch.ts's, which dashboard.html preloads: keep the two in the same order.
    void api.trpc.features.list.prefetch();
    if (location.pathname === "/" || location.pathname === "/dashboard") {
      void api.trpc.transactions.list.prefetch();
      void api.trpc.verification.status.prefetch(undefined, VERIFICATION_QUERY_OPTIONS);
      void api.trpc.verification.transactionLimit.prefetch(undefined, VERIFICATION_QUERY_OPTIONS);
      void api.trpc.bankAccounts.list.prefetch(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
      void api.trpc.claims.held.prefetch();
    }
    const me = await api.signedInUser();
    if (!me) {
      // A signed-out payer who opened an invoice link comes back to it after signing in (lib/paths.ts).
      const back = safeRedirectPath(location.pathname);
      throw redirect({ to: "/login", replace: true, ...(back ? { search: { redirect: back } } : {}) });
    }
    // An admin session waiting for its second factor is not signed in yet (docs/admin-security.md).
    if ("mfaRequired" in me) throw redirect({ to: "/two-factor", replace: true });
    return { me, api, queryClient: api.queryClient, trpc: api.trpc };
  },
  loader: ({ context }) => context.trpc.features.list.prefetch(),
  component: AuthedLayout,
});

/**
 * True once the browser has been idle after the first render: the event stream connects then, not
 * while the first screen is drawn (its `ready` fetches again what the screen has just read;
 * docs/performance.md "/dashboard within budget"). What changed meanwhile is read again on `ready`.
 */
function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(() => setIdle(true), 500);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

function AuthedLayout() {
  const { api } = Route.useRouteContext();
  // The signed-in screens' toasts can be needed offline ('You are offline'); /login's budget keeps its own to the first toast.
  useEffect(loadToastsWhenIdle, []);
  const { pathname } = useLocation();
  const idle = useIdleOnce();
  const live = idle ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
  const withNav = !WITHOUT_NAV.has(pathname);
  // The admin console has a layout of its own (routes/_authed/admin.tsx): no bottom bar over its tables.
  if (pathname.startsWith("/admin")) {
    return (
      <ApiProvider api={api}>
        {live}
        <Outlet />
      </ApiProvider>
    );
  }
  return (
    <ApiProvider api={api}>
      {live}
      <Box mih="100dvh" bg="gray.0" pb={withNav ? 96 : 0}>
        <Container size={560} px="md" py="md" component="main">
          <OfflineBalanceNotice />
          <Outlet />
        </Container>
        {withNav ? <BottomNav /> : null}
      </Box>
    </ApiProvider>
  );
}
