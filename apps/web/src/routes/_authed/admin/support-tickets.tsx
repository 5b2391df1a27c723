import { type SearchSchemaInput, createFileRoute } from "@tanstack/react-router";
import { optionalPositiveInt } from "../../../lib/search";
import { AdminSupportTicketsPage } from "../../../features/admin/support-tickets-page";
import { QUEUE_PAGE_SIZE } from "../../../features/admin/support-tickets-search";

export const Route = createFileRoute("/_authed/admin/support-tickets")({
  validateSearch: (raw: { page?: unknown } & SearchSchemaInput) => ({ page: optionalPositiveInt(raw.page) ?? 1 }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => context.trpc.supportTickets.queue.prefetch({ page: deps.page, limit: QUEUE_PAGE_SIZE }),
  component: AdminSupportTicketsPage,
});
