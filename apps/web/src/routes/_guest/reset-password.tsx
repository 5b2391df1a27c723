import { createFileRoute } from "@tanstack/react-router";
import { optionalString } from "../../lib/search";
import { ResetPasswordPage } from "../../features/auth/reset-password-page";

export const Route = createFileRoute("/_guest/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: ResetPasswordPage,
});
