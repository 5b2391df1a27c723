// A payment link's slug on its own, without zod (payment-links.ts has the schemas): the web app's
// route for paying a link tests it before the first render, which must not load zod
// (docs/performance.md "/dashboard: JavaScript before the first render").
/** Slugs: URL-safe base64 characters, at least 8 (docs/product.md "Payment links"). */
export const LINK_SLUG_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
