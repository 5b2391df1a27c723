import { createFileRoute } from "@tanstack/react-router";

import { AdminReviewsPage } from "../../../features/admin/reviews-page";
import { PAGE_SIZE, validateSearch } from "../../../features/admin/reviews-search";

export const Route = createFileRoute("/_authed/admin/reviews")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.reviews.list.prefetch({ ...deps, limit: PAGE_SIZE }),
  component: AdminReviewsPage,
});
