import type { LinkProps } from "@tanstack/react-router";

/**
 * Paths the spec links to without describing a screen (docs/product.md tools grid):
 * they show the not-found card; the router's typed `to` does not know them, hence `linkTo`.
 */
export type UpcomingPath = "/merchant/analytics" | "/merchant/customers" | "/merchant/settings";

export type AppPath = NonNullable<LinkProps["to"]> | UpcomingPath;

/** A Link `to` for a registered route or an upcoming one. */
export const linkTo = (path: AppPath) => path as NonNullable<LinkProps["to"]>;
