import { FEATURE_DISABLED_MESSAGE, type FeatureKey, formatNaira } from "@kolo/domain";
import { ActionIcon, Anchor, Avatar, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { type ReactNode, Suspense, lazy, useEffect, useState } from "react";
import {
  IconArrowUpRight,
  IconEye,
  IconEyeOff,
  IconLogout,
  IconPhone,
  IconPlus,
  IconQrCode,
  IconScan,
  IconSend,
  IconSettings,
  IconWifi,
} from "../../components/icons";
import { MASKED_AMOUNT, useHideBalance } from "../../lib/hide-balance";
import { type AppPath, linkTo } from "../../lib/paths";
import { BANK_ACCOUNTS_QUERY_OPTIONS, accountLabel, useFeatures, useMe, useTransactions } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { TransactionRow } from "../history/transaction-row";
import { VerificationCard } from "../identity/verification-card";
import { loadLaterStyles } from "../../lib/styles";
import { BalanceAccountNumber } from "./balance-account-number";
import { CreditNotices } from "./credit-notices";
import { HeldNotice } from "./held-notice";

// The dialogs' code (Mantine's Modal, the amount form, the payout form) is not needed to draw the
// dashboard: it loads when the browser is idle after the first render, or on first use
// (docs/performance.md "Phone experience").
// Their styles (Mantine's Modal, the inputs) come with them: they are not in the first screen's stylesheet (lib/styles.ts).
const loadAddMoney = () => Promise.all([import("../wallet/add-money-modal"), loadLaterStyles()]).then(([module]) => module);
const loadWithdrawToBank = () => Promise.all([import("../payments/withdraw-to-bank-modal"), loadLaterStyles()]).then(([module]) => module);
/**
 * The dialogs' code (Modal, the money forms, zod's schemas) is fetched when a finger or the focus
 * reaches their button, or once the screen has been idle this long: not while the first screen is
 * still being drawn and answering its first taps (docs/performance.md "/dashboard: the user's data
 * with the page").
 */
const DIALOGS_PRELOAD_MS = 6_000;
const preloadAddMoney = () => void loadAddMoney().catch(() => undefined);
const preloadWithdrawToBank = () => void loadWithdrawToBank().catch(() => undefined);
const AddMoneyModal = lazy(() => loadAddMoney().then((module) => ({ default: module.AddMoneyModal })));
const WithdrawToBankModal = lazy(() => loadWithdrawToBank().then((module) => ({ default: module.WithdrawToBankModal })));
const SignOutDialog = lazy(() => Promise.all([import("./sign-out-dialog"), loadLaterStyles()]).then(([module]) => ({ default: module.SignOutDialog })));

/** True from the first time `opened` is true: a dialog stays mounted after it closes (its exit transition, its state). */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once;
}

/** Recent transactions on the dashboard (docs/product.md#accounts-and-sessions). */
const RECENT_COUNT = 4;

interface QuickAction {
  label: string;
  to: AppPath;
  icon: ReactNode;
  feature: FeatureKey;
}

/** docs/product.md#accounts-and-sessions: the dashboard ties Send to the top-up switch. */
const QUICK_ACTIONS: QuickAction[] = [
  { label: "Send", to: "/transfer", icon: <IconSend />, feature: "feature_topup" },
  { label: "Scan", to: "/scan", icon: <IconScan />, feature: "feature_scan_pay" },
  { label: "Airtime", to: "/airtime", icon: <IconPhone />, feature: "feature_airtime" },
  { label: "Data", to: "/data", icon: <IconWifi />, feature: "feature_data" },
];

/** Home screen, at / and /dashboard (docs/product.md#accounts-and-sessions). */
export function DashboardScreen() {
  const me = useMe();
  const isEnabled = useFeatures();
  const [addMoneyOpened, addMoney] = useDisclosure(false);
  const topupEnabled = isEnabled("feature_topup");
  const withdrawEnabled = isEnabled("feature_withdraw");
  const [withdrawOpened, withdrawDialog] = useDisclosure(false);
  const bankAccounts = trpc.bankAccounts.list.useQuery(undefined, { ...BANK_ACCOUNTS_QUERY_OPTIONS, enabled: withdrawEnabled });
  // Only a known empty list opens the dialog; while loading (or on error) Withdraw goes to /withdraw.
  const noBankAccount = bankAccounts.data?.length === 0;
  const addMoneyMounted = useOpenedOnce(addMoneyOpened);
  const withdrawMounted = useOpenedOnce(withdrawOpened);
  const [balanceHidden, setBalanceHidden] = useHideBalance();
  useEffect(() => {
    const preload = () => void Promise.all([loadAddMoney(), loadWithdrawToBank()]).catch(() => undefined);
    const timer = window.setTimeout(() => (typeof requestIdleCallback === "function" ? requestIdleCallback(preload) : preload()), DIALOGS_PRELOAD_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Stack gap="md">
      <Header />
      <CreditNotices userId={me.id} />

      <Card
        component="section"
        aria-labelledby="balance-title"
        bg="kolo.8"
        c="white"
        withBorder={false}
        shadow="sm"
        style={{ backgroundImage: "linear-gradient(135deg, var(--mantine-color-kolo-8), var(--mantine-color-kolo-9))" }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id="balance-title" size="sm" c="kolo.0" component="h2" m={0} fw={500}>
            Available Balance
          </Text>
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            aria-label={balanceHidden ? "Show balance" : "Hide balance"}
            aria-pressed={balanceHidden}
            title={balanceHidden ? "Show balance" : "Hide balance"}
            onClick={() => setBalanceHidden(!balanceHidden)}
          >
            {balanceHidden ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </ActionIcon>
        </Group>
        <Text fz={32} fw={800} lh={1.2} mt={4} aria-live="polite" data-testid="home-balance">
          {balanceHidden ? (
            <>
              <span aria-hidden="true">{MASKED_AMOUNT}</span>
              <VisuallyHidden>Balance hidden</VisuallyHidden>
            </>
          ) : (
            formatNaira(me.balance)
          )}
        </Text>
        {balanceHidden ? null : <HeldNotice />}
        {me.verificationLevel >= 1 ? <BalanceAccountNumber /> : null}
        <Group mt="md" gap="sm" grow>
          <Button
            variant="white"
            size="sm"
            px="xs"
            leftSection={<IconPlus size={16} />}
            onClick={addMoney.open}
            onPointerEnter={preloadAddMoney}
            onPointerDown={preloadAddMoney}
            onFocus={preloadAddMoney}
            disabled={!topupEnabled}
            aria-describedby={topupEnabled ? undefined : "topup-disabled"}
          >
            Add Money
          </Button>
          {withdrawEnabled && noBankAccount ? (
            <Button
              variant="outline"
              color="white"
              size="sm"
              px="xs"
              leftSection={<IconArrowUpRight size={16} />}
              onClick={withdrawDialog.open}
              onPointerEnter={preloadWithdrawToBank}
              onPointerDown={preloadWithdrawToBank}
              onFocus={preloadWithdrawToBank}
              aria-haspopup="dialog"
            >
              Withdraw
            </Button>
          ) : (
            <Button
              component={Link}
              to="/withdraw"
              variant="outline"
              color="white"
              size="sm"
              px="xs"
              leftSection={<IconArrowUpRight size={16} />}
              disabled={!withdrawEnabled}
              aria-describedby={withdrawEnabled ? undefined : "withdraw-disabled"}
            >
              Withdraw
            </Button>
          )}
        </Group>
        {!topupEnabled || !withdrawEnabled ? (
          <Text size="xs" c="kolo.0" mt="xs" id={!topupEnabled ? "topup-disabled" : "withdraw-disabled"}>
            {!topupEnabled && !withdrawEnabled ? "Add Money and Withdraw: " : !topupEnabled ? "Add Money: " : "Withdraw: "}
            {FEATURE_DISABLED_MESSAGE}
          </Text>
        ) : null}
      </Card>

      <Box component="section" aria-label="Quick actions">
        <SimpleGrid cols={4} spacing="xs">
          {QUICK_ACTIONS.map((action) => (
            <QuickActionTile key={action.label} action={action} enabled={isEnabled(action.feature)} />
          ))}
        </SimpleGrid>
      </Box>

      <Button component={Link} to="/receive" variant="light" leftSection={<IconQrCode size={18} />} justify="flex-start">
        Receive Money
      </Button>

      <VerificationCard compact />

      <RecentTransactions userId={me.id} onTopUp={addMoney.open} topupEnabled={topupEnabled} />

      <Suspense fallback={null}>
        {addMoneyMounted ? <AddMoneyModal opened={addMoneyOpened} onClose={addMoney.close} /> : null}
        {withdrawMounted ? <WithdrawToBankModal opened={withdrawOpened} onClose={withdrawDialog.close} /> : null}
      </Suspense>
    </Stack>
  );
}

function Header() {
  const me = useMe();
  const [confirming, confirm] = useDisclosure(false);
  const confirmMounted = useOpenedOnce(confirming);
  return (
    <Group justify="space-between" wrap="nowrap" component="header">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar name={me.name} color="kolo" variant="filled" size="lg" radius="xl" alt="" />
        <Box miw={0}>
          <Title order={1} size="h4" lh={1.2} style={{ overflowWrap: "anywhere" }}>
            {me.name}
          </Title>
          <Text size="sm" c="dimmed">
            {accountLabel(me)}
          </Text>
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {me.role === "admin" ? (
          <Button component={Link} to="/admin/dashboard" variant="light" size="md" mih={44}>
            Admin
          </Button>
        ) : null}
        <ActionIcon component={Link} to="/settings" variant="subtle" color="gray" size="xl" aria-label="Settings" title="Settings">
          <IconSettings />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" size="xl" aria-label="Log out" title="Log out" onClick={confirm.open} aria-haspopup="dialog">
          <IconLogout />
        </ActionIcon>
      </Group>
      <Suspense fallback={null}>{confirmMounted ? <SignOutDialog opened={confirming} onClose={confirm.close} /> : null}</Suspense>
    </Group>
  );
}

function QuickActionTile({ action, enabled }: { action: QuickAction; enabled: boolean }) {
  const hintId = `quick-${action.label.toLowerCase()}-disabled`;
  const body = (
    <Stack gap={4} align="center">
      <Box
        w={48}
        h={48}
        bg={enabled ? "kolo.0" : "gray.1"}
        c={enabled ? "kolo.9" : "gray.6"}
        style={{ borderRadius: 14, display: "flex", alignItems: "center", justifyContent: "center" }}
      >
        {action.icon}
      </Box>
      <Text size="xs" fw={600} c={enabled ? undefined : "dimmed"}>
        {action.label}
      </Text>
    </Stack>
  );
  if (enabled) {
    return (
      <UnstyledButton component={Link} to={linkTo(action.to)} p={4} style={{ borderRadius: 12 }}>
        {body}
      </UnstyledButton>
    );
  }
  return (
    <Stack gap={2} align="center">
      <UnstyledButton disabled aria-describedby={hintId} p={4} style={{ borderRadius: 12, cursor: "not-allowed" }}>
        {body}
      </UnstyledButton>
      <Text id={hintId} size="10px" lh={1.2} c="dimmed" ta="center">
        {FEATURE_DISABLED_MESSAGE}
      </Text>
    </Stack>
  );
}

function RecentTransactions({ userId, onTopUp, topupEnabled }: { userId: number; onTopUp: () => void; topupEnabled: boolean }) {
  const transactions = useTransactions();
  const recent = transactions.data?.slice(0, RECENT_COUNT) ?? [];
  return (
    <Card component="section" aria-labelledby="recent-title" padding="md">
      <Group justify="space-between" mb="xs">
        <Title id="recent-title" order={2} size="h5">
          Recent Transactions
        </Title>
        <Anchor component={Link} to="/history" size="sm" fw={600}>
          See All
        </Anchor>
      </Group>
      <Box aria-live="polite" aria-busy={transactions.isPending}>
        {transactions.isPending ? (
          <Stack gap="sm" py="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={40} radius="md" />
            ))}
            <Text size="xs" c="dimmed" ta="center">
              Loading transactions...
            </Text>
          </Stack>
        ) : transactions.isError && recent.length === 0 ? (
          <Stack align="center" gap="xs" py="md">
            <Text size="sm" c="dimmed">
              Could not load your transactions.
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
            <Button variant="light" size="sm" onClick={onTopUp} disabled={!topupEnabled}>
              Top Up Wallet
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
