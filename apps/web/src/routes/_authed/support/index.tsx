import { createFileRoute } from "@tanstack/react-router";

import { SupportPage } from "../../../features/support/tickets-page";

export const Route = createFileRoute("/_authed/support/")({
  // Admins ask for every ticket, others for their own (docs/product.md#support).
  loader: ({ context }) => (context.me.role === "admin" ? context.trpc.supportTickets.list.prefetch() : context.trpc.supportTickets.mine.prefetch()),
  component: SupportPage,
});
