import { ADMIN_USERS_PAGE_SIZE } from "@kolo/domain";
import { createFileRoute } from "@tanstack/react-router";
import { AdminUsersPage } from "../../../features/admin/users-page";
import { validateSearch } from "../../../features/admin/users-search";

export const Route = createFileRoute("/_authed/admin/users")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.users.list.prefetch({ page: deps.page, limit: ADMIN_USERS_PAGE_SIZE, search: deps.search }),
  component: AdminUsersPage,
});
