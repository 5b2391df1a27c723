import { createFileRoute } from "@tanstack/react-router";
import { BankTransferPage } from "../../../features/payments/bank-transfer-page";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../../lib/query-options";

/** Transfer to a saved bank account (docs/product.md#banking-and-withdrawals) or to any account ('New recipient'). */
export const Route = createFileRoute("/_authed/transfer/bank")({
  loader: ({ context }) => context.trpc.bankAccounts.list.prefetch(undefined, BANK_ACCOUNTS_QUERY_OPTIONS),
  component: BankTransferPage,
});
