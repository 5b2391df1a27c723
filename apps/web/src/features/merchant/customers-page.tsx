import { MERCHANT_CUSTOMERS_PAGE_SIZE, formatDateTime, formatNaira } from "@kolo/domain";
import { Box, Card, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { PageButtons } from "../../components/page-buttons";
import { PageHeader } from "../../components/page-header";
import { useDebouncedSearch } from "../../lib/debounced-search";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { MerchantLoadError } from "./merchant-load-error";

type Customer = RouterOutputs["merchants"]["customers"]["customers"][number];

const route = getRouteApi("/_authed/merchant/customers");

/** Typing pauses this long before the search goes to the URL and the server, as History's search. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /merchant/customers (docs/product.md#merchants-and-invoices "Analytics and customers"): the
 * merchant's payers, the latest first, each with total paid, number of payments and last payment;
 * searched by name, e-mail or phone on the server, 20 a page.
 */
export function MerchantCustomersPage() {
  const { page = 1, search = "" } = route.useSearch();
  const navigate = useNavigate({ from: "/merchant/customers" });
  const setSearch = (next: { page: number; search: string }) =>
    void navigate({ search: { page: next.page > 1 ? next.page : undefined, search: next.search || undefined }, replace: true });
  const [text, setText] = useDebouncedSearch(search, (next) => setSearch({ page: 1, search: next }), SEARCH_DEBOUNCE_MS);
  const customers = trpc.merchants.customers.useQuery(
    { page, search, limit: MERCHANT_CUSTOMERS_PAGE_SIZE },
    { staleTime: 30_000, retry: false, placeholderData: (previous) => previous },
  );
  const data = customers.data;

  return (
    <Stack gap="md">
      <PageHeader title="Customers" back="/merchant/dashboard" />
      <TextInput
        type="search"
        label="Search customers"
        placeholder="Name, e-mail or phone"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
      />
      <Box aria-live="polite" aria-busy={customers.isFetching}>
        {customers.isError && !data ? (
          <MerchantLoadError error={customers.error} what="customers" onRetry={() => void customers.refetch()} />
        ) : !data ? (
          <Stack gap="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
            <Text size="sm" c="dimmed" ta="center">
              Loading customers...
            </Text>
          </Stack>
        ) : data.customers.length === 0 ? (
          <Card>
            <Text c="dimmed" ta="center">
              {search ? "No customers match your search" : "No customers yet"}
            </Text>
          </Card>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Customers">
            {data.customers.map((customer) => (
              <CustomerRow key={`${customer.kind}:${customer.email ?? customer.name}`} customer={customer} />
            ))}
          </Stack>
        )}
      </Box>
      {data ? (
        <PageButtons
          page={page}
          totalPages={data.totalPages}
          total={data.total}
          pageSize={MERCHANT_CUSTOMERS_PAGE_SIZE}
          noun="customers"
          onPage={(next) => setSearch({ page: next, search })}
        />
      ) : null}
    </Stack>
  );
}

function CustomerRow({ customer }: { customer: Customer }) {
  const contact = [customer.email, customer.phone].filter(Boolean).join(" · ");
  return (
    <Card component="li" padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Box miw={0}>
          <Text fw={600} truncate>
            {customer.name}
            {customer.kind === "guest" ? (
              <Text span size="xs" c="dimmed" fw={400}>
                {" "}
                (guest)
              </Text>
            ) : null}
          </Text>
          {contact ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {contact}
            </Text>
          ) : null}
        </Box>
        <Text fw={700} style={{ flexShrink: 0 }}>
          {formatNaira(customer.totalPaid)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {customer.payments} {customer.payments === 1 ? "payment" : "payments"} · Last {formatDateTime(customer.lastPaymentAt)}
      </Text>
    </Card>
  );
}
