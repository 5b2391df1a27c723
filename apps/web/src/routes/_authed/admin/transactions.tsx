import { ADMIN_TRANSACTIONS_PAGE_SIZE } from "@kolo/domain";
import { createFileRoute } from "@tanstack/react-router";
import { AdminTransactionsPage } from "../../../features/admin/transactions-page";
import { validateSearch } from "../../../features/admin/transactions-search";

export const Route = createFileRoute("/_authed/admin/transactions")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.transactions.list.prefetch({ ...deps, limit: ADMIN_TRANSACTIONS_PAGE_SIZE }),
  component: AdminTransactionsPage,
});
