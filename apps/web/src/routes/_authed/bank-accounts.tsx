import { createFileRoute } from "@tanstack/react-router";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../lib/query-options";
import { BankAccountsPage } from "../../features/payments/bank-accounts-page";

/** Saved bank accounts (docs/product.md#banking-and-withdrawals). */
export const Route = createFileRoute("/_authed/bank-accounts")({
  loader: ({ context }) => context.trpc.bankAccounts.list.prefetch(undefined, BANK_ACCOUNTS_QUERY_OPTIONS),
  component: BankAccountsPage,
});
