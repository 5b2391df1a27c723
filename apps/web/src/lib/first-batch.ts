// The signed-in layout's first request for /dashboard (routes/_authed.tsx): the session check and
// the home screen's queries, batched by tRPC's httpBatchLink into one GET. dashboard.html names the
// same URL in a `<link rel="preload" as="fetch">` (scripts/route-pages.ts), so the browser asks for
// the user's data with the page instead of after the JavaScript has run, and the app's own request
// is answered from that preload (docs/performance.md "/dashboard: the user's data with the page").
import superjson from "superjson";

/**
 * The procedures of the first batch, in the order routes/_authed.tsx asks for them on /dashboard
 * (features, transactions, verification status and limit, bank accounts, money held by a fraud
 * claim's lien; then the session check, auth.me). Each takes no input. e2e/first-screen.spec.ts checks the app's first request is this
 * URL, so a change of order there shows as a test failure, not as a second request.
 */
export const DASHBOARD_FIRST_BATCH = [
  "features.list",
  "transactions.list",
  "verification.status",
  "verification.transactionLimit",
  "bankAccounts.list",
  "claims.held",
  "auth.me",
] as const;

/**
 * The URL httpBatchLink builds for queries without input: `/trpc/{paths joined by ","}?batch=1&input=`
 * with each input, serialized by superjson, under its index (tRPC 11's batch GET format).
 */
export function batchQueryUrl(paths: readonly string[]): string {
  const inputs = Object.fromEntries(paths.map((_, index) => [String(index), superjson.serialize(undefined)]));
  return `/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}
