import { createFileRoute } from "@tanstack/react-router";

import { TicketPage } from "../../../features/support/ticket-page";
import { ticketId } from "../../../features/support/ticket-search";

export const Route = createFileRoute("/_authed/support/$id")({
  loader: ({ context, params }) => {
    const id = ticketId(params.id);
    return id > 0 ? context.trpc.supportTickets.byId.prefetch({ id }) : undefined;
  },
  component: TicketPage,
});
