import { createFileRoute } from "@tanstack/react-router";

import { HistoryPage, searchSchema } from "../../features/history/history-page";

export const Route = createFileRoute("/_authed/history")({
  validateSearch: searchSchema,
  loader: ({ context }) => context.trpc.transactions.list.prefetch(),
  component: HistoryPage,
});
