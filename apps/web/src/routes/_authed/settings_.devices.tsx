import { createFileRoute } from "@tanstack/react-router";

import { DevicesPage } from "../../features/account/devices-page";

export const Route = createFileRoute("/_authed/settings_/devices")({
  component: DevicesPage,
});
