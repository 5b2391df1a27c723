import { buildPaymentLink } from "@kolo/domain";
import { Alert, Button, Card, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { PaymentQr } from "../../components/payment-qr";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { domainCode } from "../../lib/errors";
import { trpc } from "../../lib/trpc";

/**
 * Merchant QR (docs/product.md#merchants-and-invoices; docs/decisions.md): the merchant's
 * kolo://pay/merchant/{id}?name[&amount] as a PaymentQr (fixed amount, PNG download, share).
 */
export function MerchantQrPage() {
  const merchant = trpc.merchants.me.useQuery(undefined, { staleTime: 60_000, retry: false });
  if (merchant.isPending) return <PageLoader />;
  if (merchant.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="My QR Code" back="/merchant/dashboard" />
        {domainCode(merchant.error) === "NOT_FOUND" ? (
          <Card>
            <Stack gap="sm" align="flex-start">
              <Text>You need a merchant account to generate a QR code.</Text>
              <Button component={Link} to="/merchant/dashboard">
                Create Merchant Account
              </Button>
            </Stack>
          </Card>
        ) : (
          <>
            <Alert color="red" title="Error" role="alert">
              Could not load your merchant account.
            </Alert>
            <Button variant="light" onClick={() => void merchant.refetch()}>
              Retry
            </Button>
          </>
        )}
      </Stack>
    );
  }
  const { id, name } = merchant.data;
  return (
    <Stack gap="md">
      <PageHeader title="My QR Code" back="/merchant/dashboard" />
      <PaymentQr
        title={name}
        linkFor={(amount) => buildPaymentLink({ type: "merchant", merchantId: id, merchantName: name, ...(amount !== undefined ? { amount } : {}) })}
      />
    </Stack>
  );
}
