import { createFileRoute } from "@tanstack/react-router";

import { TwoFactorPage } from "../../features/auth/two-factor-page";

export const Route = createFileRoute("/_guest/two-factor")({
  component: TwoFactorPage,
});
