import { FEATURE_DISABLED_MESSAGE, MERCHANT_MESSAGES, MONEY_TOASTS, formatNaira } from "@kolo/domain";
import { Alert, Box, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef } from "react";
import { BusyButton } from "../../components/busy-button";
import { IconArrowUpRight, IconDownload, IconPlus, IconQrCode, IconSend, IconStore, IconUser } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { HeldNotice } from "../dashboard/held-notice";
import { domainCode } from "../../lib/errors";
import { useMoneySubmit } from "../../lib/money-form";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { type AppPath, linkTo } from "../../lib/paths";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { TransactionRow } from "../history/transaction-row";
import { MerchantPayments } from "./merchant-refunds";

/** GET /api/merchants/me is cached 60 s, the merchant's transactions 30 s (docs/product.md#merchants-and-invoices). */
const MERCHANT_QUERY_OPTIONS = { staleTime: 60_000, retry: false } as const;
const MERCHANT_TRANSACTIONS_OPTIONS = { staleTime: 30_000 } as const;
/** Recent Payments shows the latest 2 (docs/product.md#merchants-and-invoices). */
const RECENT_PAYMENTS = 2;

/** What the app sends when it creates a merchant account (docs/product.md#merchants-and-invoices). */
const NEW_MERCHANT = { name: "My Business", description: "My merchant business", category: "Retail" } as const;

/**
 * Merchant dashboard (docs/product.md#merchants-and-invoices; docs/decisions.md): without a
 * merchant account the 'Create Merchant Account' dialog (and a button to reopen it); with one,
 * the merchant balance with Withdraw (to the owner's wallet) and Analytics, the tools grid and
 * Recent Payments.
 */
export function MerchantDashboardPage() {
  const merchant = trpc.merchants.me.useQuery(undefined, MERCHANT_QUERY_OPTIONS);
  // The answer 'no merchant account' and the dialog's dismissal outlive a refetch of merchants.me
  // (the live stream's `ready` refetches it while the query has no data, which makes it pending
  // again): the screen does not fall back to the loader, and a dismissed dialog stays closed.
  const [dialogOpened, dialog] = useDisclosure(true);
  const noMerchant = useRef(false);
  if (merchant.isError) noMerchant.current = domainCode(merchant.error) === "NOT_FOUND";
  else if (merchant.isSuccess) noMerchant.current = false;
  if (noMerchant.current) return <NoMerchant opened={dialogOpened} onClose={dialog.close} />;
  if (merchant.isPending) return <PageLoader />;
  if (merchant.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="Merchant Dashboard" back="/dashboard" />
        <Alert color="red" title="Error" role="alert">
          Could not load your merchant account.
        </Alert>
        <Button variant="light" onClick={() => void merchant.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  return <MerchantHome merchant={merchant.data} />;
}

/** The page without a merchant account; the dialog's state is the page's (see MerchantDashboardPage). */
function NoMerchant({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const enabled = useFeatures()("feature_merchant");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.merchants.create.useMutation();
  const inFlight = useRef(false);

  const createAccount = async () => {
    if (inFlight.current || create.isPending || !enabled) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      await create.mutateAsync(NEW_MERCHANT);
      notify({ title: MERCHANT_MESSAGES.created, message: MERCHANT_MESSAGES.createdDescription });
      onClose();
      await Promise.all([utils.auth.me.invalidate(), utils.merchants.me.invalidate()]);
    } catch {
      notifyError("Error", MERCHANT_MESSAGES.createFailed);
    } finally {
      inFlight.current = false;
    }
  };

  const explanation = "With a merchant account you can receive payments from customers, create invoices and share payment QR codes.";
  const createButton = (label: string) => (
    <BusyButton
      busy={create.isPending}
      busyLabel="Creating..."
      disabled={!enabled}
      aria-describedby={enabled ? undefined : "merchant-disabled"}
      onClick={() => void createAccount()}
    >
      {label}
    </BusyButton>
  );

  return (
    <Stack gap="md">
      <PageHeader title="Merchant Dashboard" back="/dashboard" />
      <Card>
        <Stack gap="sm" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
            <IconStore />
          </ThemeIcon>
          <Text>{explanation}</Text>
          {enabled ? null : (
            <Text id="merchant-disabled" size="sm" c="dimmed">
              {FEATURE_DISABLED_MESSAGE}
            </Text>
          )}
          {createButton("Create Merchant Account")}
        </Stack>
      </Card>
      <Modal opened={opened} onClose={onClose} title="Create Merchant Account" centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack>
          <Text>{explanation}</Text>
          {enabled ? null : (
            <Text size="sm" c="dimmed">
              {FEATURE_DISABLED_MESSAGE}
            </Text>
          )}
          <Stack gap="sm">
            {createButton("Create Account")}
            <Button variant="default" onClick={() => void navigate({ to: "/dashboard" })}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface Tool {
  label: string;
  to: AppPath;
  icon: ReactNode;
}

const TOOLS: Tool[] = [
  { label: "My QR Code", to: "/merchant/qr-code", icon: <IconQrCode /> },
  { label: "Create Invoice", to: "/merchant/invoice", icon: <IconPlus /> },
  { label: "Payment Links", to: "/merchant/links", icon: <IconSend /> },
  { label: "Customers", to: "/merchant/customers", icon: <IconUser /> },
  { label: "Settings", to: "/merchant/settings", icon: <IconStore /> },
];

function MerchantHome({ merchant }: { merchant: { id: number; name: string; category: string; balance: number } }) {
  const me = useMe();
  const enabled = useFeatures()("feature_merchant");
  const [withdrawOpened, withdrawDialog] = useDisclosure(false);
  return (
    <Stack gap="md">
      <PageHeader title={merchant.name} back="/dashboard" />
      <Card component="section" aria-labelledby="merchant-balance-title" bg="kolo.8" c="white" withBorder={false} shadow="sm">
        <Text id="merchant-balance-title" size="sm" c="kolo.0" component="h2" m={0} fw={500}>
          Merchant Balance
        </Text>
        <Text fz={32} fw={800} lh={1.2} mt={4} aria-live="polite">
          {formatNaira(merchant.balance)}
        </Text>
        <HeldNotice wallet="merchant" />
        <Text size="xs" c="kolo.0">
          {merchant.category}
        </Text>
        <Group mt="md" gap="sm" grow>
          <Button
            variant="white"
            size="sm"
            px="xs"
            leftSection={<IconArrowUpRight size={16} />}
            onClick={withdrawDialog.open}
            disabled={!enabled}
            aria-describedby={enabled ? undefined : "merchant-withdraw-disabled"}
          >
            Withdraw
          </Button>
          <Button component={Link} to={linkTo("/merchant/analytics")} variant="outline" color="white" size="sm" px="xs">
            Analytics
          </Button>
        </Group>
        {enabled ? null : (
          <Text size="xs" c="kolo.0" mt="xs" id="merchant-withdraw-disabled">
            Withdraw: {FEATURE_DISABLED_MESSAGE}
          </Text>
        )}
      </Card>
      <Box component="section" aria-labelledby="tools-title">
        <Title id="tools-title" order={2} size="h5" mb="xs">
          Tools
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          {TOOLS.map((tool) => (
            <UnstyledButton key={tool.label} component={Link} to={linkTo(tool.to)}>
              <Card padding="sm">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size="lg" aria-hidden="true">
                    {tool.icon}
                  </ThemeIcon>
                  <Text size="sm" fw={600}>
                    {tool.label}
                  </Text>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Box>
      <RecentPayments userId={me.id} />
      <MerchantPayments userId={me.id} />
      <WithdrawDialog opened={withdrawOpened} onClose={withdrawDialog.close} balance={merchant.balance} />
    </Stack>
  );
}

function RecentPayments({ userId }: { userId: number }) {
  const transactions = trpc.merchants.transactions.useQuery(undefined, MERCHANT_TRANSACTIONS_OPTIONS);
  const recent = transactions.data?.slice(0, RECENT_PAYMENTS) ?? [];
  return (
    <Card component="section" aria-labelledby="recent-payments-title" padding="md">
      <Title id="recent-payments-title" order={2} size="h5" mb="xs">
        Recent Payments
      </Title>
      <Box aria-live="polite" aria-busy={transactions.isPending}>
        {transactions.isPending ? (
          <Stack gap="sm" py="xs">
            <Skeleton h={40} radius="md" />
            <Skeleton h={40} radius="md" />
            <Text size="xs" c="dimmed" ta="center">
              Loading payments...
            </Text>
          </Stack>
        ) : transactions.isError ? (
          <Stack align="center" gap="xs" py="md">
            <Text size="sm" c="dimmed">
              Could not load your payments.
            </Text>
            <Button variant="light" size="xs" onClick={() => void transactions.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : recent.length === 0 ? (
          <Stack align="center" gap="xs" py="md">
            <Text size="sm" c="dimmed">
              No transactions yet
            </Text>
            <Button component={Link} to="/merchant/qr-code" variant="light" size="sm" leftSection={<IconDownload size={16} />}>
              Generate Payment QR
            </Button>
          </Stack>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: "none" }}>
            {recent.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} userId={userId} />
            ))}
          </Stack>
        )}
      </Box>
    </Card>
  );
}

/** Moves the merchant balance into the owner's wallet (docs/decisions.md: the /merchant/withdraw target). */
function WithdrawDialog({ opened, onClose, balance }: { opened: boolean; onClose: () => void; balance: number }) {
  const withdraw = trpc.merchants.withdraw.useMutation();
  const money = useMoneySubmit({
    failure: { title: MONEY_TOASTS.withdrawalFailedTitle, message: "Unable to complete the withdrawal. Please try again.", serverMessage: true },
  });

  // The whole balance, once per dialog opening: the signature is the opening's balance.
  const confirm = () =>
    money.submit(
      `whole:${balance}`,
      (idempotencyKey) => withdraw.mutateAsync({ idempotencyKey }),
      (result) => {
        notify({ title: MERCHANT_MESSAGES.withdrawSuccess, message: `${formatNaira(result.transaction.amount)} moved to your wallet` });
        onClose();
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Withdraw to Wallet" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack>
        <Text>Move {formatNaira(balance)} from your merchant balance to your Kolo wallet. From there you can send it to your bank.</Text>
        <Stack gap="sm">
          <BusyButton busy={money.busy} busyLabel="Processing..." disabled={balance <= 0} onClick={() => void confirm()}>
            Withdraw {formatNaira(balance)}
          </BusyButton>
          {balance <= 0 ? (
            <Text size="sm" c="dimmed">
              {MERCHANT_MESSAGES.nothingToWithdraw}
            </Text>
          ) : null}
          <Button component={Link} to="/merchant/withdraw" variant="light">
            Pay out to your bank instead
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
