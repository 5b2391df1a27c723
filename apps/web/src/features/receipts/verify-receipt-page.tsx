import { getRouteApi } from "@tanstack/react-router";
import { Alert, Box, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { IconCheck, IconWallet } from "../../components/icons";
import { type ReceiptFields, ReceiptDetails } from "../../components/receipt-details";

const route = getRouteApi("/verify/$code");

const NO_MATCH = "No Kolo transaction matches this receipt";

/**
 * /verify/{code} (docs/product.md "Receipts"): the public check of a receipt, signed in or not.
 * It asks GET /api/receipts/verify/{code} (plain fetch: the page loads no tRPC client) and shows
 * the transaction straight from the ledger, or 'No Kolo transaction matches this receipt'.
 */
export function VerifyPage() {
  const { code } = route.useParams();
  const [state, setState] = useState<{ kind: "loading" } | { kind: "found"; receipt: ReceiptFields } | { kind: "none"; message: string }>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    fetch(`/api/receipts/verify/${encodeURIComponent(code)}`, { credentials: "omit" })
      .then(async (response) => {
        const body = (await response.json()) as ReceiptFields & { message?: string };
        if (!live) return;
        if (response.ok) setState({ kind: "found", receipt: body });
        else setState({ kind: "none", message: response.status === 429 ? (body.message ?? "Too many checks. Please wait a minute.") : NO_MATCH });
      })
      .catch(() => live && setState({ kind: "none", message: "Unable to check the receipt. Please try again." }));
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <Box maw={480} mx="auto" p="md" component="main">
      <Stack gap="md">
        <Center>
          <ThemeIcon size={48} radius="xl" color="kolo" aria-hidden="true">
            <IconWallet />
          </ThemeIcon>
        </Center>
        <Title order={1} size="h3" ta="center">
          Kolo receipt check
        </Title>
        {state.kind === "loading" ? (
          <Center role="status" aria-label="Checking the receipt">
            <Loader />
          </Center>
        ) : state.kind === "none" ? (
          <Alert color="red" variant="light" role="alert" title="Not confirmed">
            {state.message}
          </Alert>
        ) : (
          <Card component="section" aria-label="Confirmed transaction">
            <Stack gap="sm">
              <Alert color="kolo" variant="light" icon={<IconCheck />} role="status" title="Confirmed">
                This Kolo transaction exists. Compare every line with the receipt you were shown.
              </Alert>
              <ReceiptDetails receipt={state.receipt} />
            </Stack>
          </Card>
        )}
        <Text size="xs" c="dimmed" ta="center">
          Kolo shows here only what the receipt shows: never a balance or an e-mail.
        </Text>
      </Stack>
    </Box>
  );
}
