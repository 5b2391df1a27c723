import { createFileRoute } from "@tanstack/react-router";

import { AdminSettingsPage } from "../../../features/admin/settings-page";

export const Route = createFileRoute("/_authed/admin/settings")({
  loader: ({ context }) => context.trpc.admin.settings.list.prefetch(),
  component: AdminSettingsPage,
});
