import { createFileRoute } from "@tanstack/react-router";

import { LoginPage } from "../../features/auth/login-page";
import { safeRedirectPath } from "../../lib/paths";

export const Route = createFileRoute("/_guest/login")({
  // Where to go back after signing in: an invoice payment page only (lib/paths.ts safeRedirectPath).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const back = safeRedirectPath(search.redirect);
    return back ? { redirect: back } : {};
  },
  component: LoginPage,
});
