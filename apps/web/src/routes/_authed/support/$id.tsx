import { createFileRoute } from "@tanstack/react-router";

import { TicketPage, ticketId } from "../../../features/support/ticket-page";

export const Route = createFileRoute("/_authed/support/$id")({
  loader: ({ context, params }) => {
    const id = ticketId(params.id);
    return id > 0 ? context.trpc.supportTickets.byId.prefetch({ id }) : undefined;
  },
  component: TicketPage,
});
