import type { LinkProps } from "@tanstack/react-router";

/**
 * Paths the spec links to without describing a screen (docs/product.md tools grid), which the
 * router's typed `to` does not know, hence `linkTo`: none left, every such target is a screen now.
 */
export type UpcomingPath = never;

export type AppPath = NonNullable<LinkProps["to"]> | UpcomingPath;

/** A Link `to` for a registered route or an upcoming one. */
export const linkTo = (path: AppPath) => path as NonNullable<LinkProps["to"]>;

/** Where a signed-out visitor is sent back to after signing in: the invoice and payment-link payment pages. */
export const RETURN_AFTER_SIGN_IN = /^\/(invoice|link)\/pay\/[A-Za-z0-9_-]{1,64}$/;

/**
 * The `redirect` of /login?redirect=… when it is a path of this site to come back to (a signed-out
 * payer who opened an invoice link, /invoice/pay/{token}); `null` for anything else: another site
 * ('https://evil.example', '//evil.example', '/\evil.example'), a scheme ('javascript:'), a path
 * with a query or fragment, or a page not meant to be returned to. Read against a fixed origin so
 * nothing but the path can leave the site.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, "https://kolo.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://kolo.invalid" || url.search !== "" || url.hash !== "" || url.pathname !== value) return null;
  return RETURN_AFTER_SIGN_IN.test(url.pathname) ? url.pathname : null;
}
