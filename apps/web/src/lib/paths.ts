import type { LinkProps } from "@tanstack/react-router";

/**
 * Paths that later issues build (spec 01 §2, spec 02 §2). Until their route files exist they
 * show the not-found card; the router's typed `to` does not know them yet, hence `linkTo`.
 */
export type UpcomingPath =
  | "/withdraw"
  | "/airtime"
  | "/data"
  | "/bank-accounts"
  | "/merchant/qr-code"
  | "/merchant/analytics"
  | "/merchant/customers"
  | "/merchant/settings"
  | "/transfer/bank";

export type AppPath = NonNullable<LinkProps["to"]> | UpcomingPath;

/** A Link `to` for a registered route or an upcoming one. */
export const linkTo = (path: AppPath) => path as NonNullable<LinkProps["to"]>;
