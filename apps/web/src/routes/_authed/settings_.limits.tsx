import { createFileRoute } from "@tanstack/react-router";

import { LimitsPage } from "../../features/account/limits-page";

export const Route = createFileRoute("/_authed/settings_/limits")({
  component: LimitsPage,
});
