import { createFileRoute } from "@tanstack/react-router";

import { HistoryPage } from "../../features/history/history-page";
import { searchSchema } from "../../features/history/history-search";

export const Route = createFileRoute("/_authed/history")({
  validateSearch: searchSchema,
  loader: ({ context }) => context.trpc.transactions.list.prefetch(),
  component: HistoryPage,
});
