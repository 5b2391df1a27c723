import { MERCHANT_CUSTOMERS_PAGE_SIZE } from "@kolo/domain";
import { createFileRoute } from "@tanstack/react-router";
import { MerchantCustomersPage } from "../../../features/merchant/customers-page";
import { validateCustomersSearch } from "../../../features/merchant/merchant-search";

export const Route = createFileRoute("/_authed/merchant/customers")({
  validateSearch: validateCustomersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.trpc.merchants.customers.prefetch({ page: deps.page ?? 1, search: deps.search ?? "", limit: MERCHANT_CUSTOMERS_PAGE_SIZE }),
  component: MerchantCustomersPage,
});
