import { toVerificationLevel } from "@kolo/domain";
import { Alert, Card, List, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { VERIFICATION_QUERY_OPTIONS, useFeatures } from "../../lib/queries";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { BankVerification } from "./bank-verification";
import { BvnForm } from "./bvn-form";
import { VerificationCard } from "./verification-card";

type Tab = "overview" | "bvn" | "bank";
type VerificationStatus = RouterOutputs["verification"]["status"];

/** Initial tab (docs/product.md#verification-and-limits): Overview at level 2, Bank at level 1, BVN at level 0. */
function initialTab(status: VerificationStatus): Tab {
  const level = toVerificationLevel(status.verificationLevel);
  return level >= 2 ? "overview" : level === 1 ? "bank" : "bvn";
}

export function VerificationPage() {
  const status = trpc.verification.status.useQuery(undefined, VERIFICATION_QUERY_OPTIONS);
  return (
    <Stack gap="md">
      <PageHeader title="Account Verification" back="/dashboard" />
      {status.data ? <VerificationTabs status={status.data} /> : status.isError ? <VerificationCard withLink={false} /> : <PageLoader />}
    </Stack>
  );
}

/**
 * The three tabs and their rules (docs/product.md#verification-and-limits): the BVN tab is disabled once the BVN is verified;
 * the Bank tab unless the BVN is verified and the bank is not; BVN success moves to Bank, bank
 * success to Overview.
 */
function VerificationTabs({ status }: { status: VerificationStatus }) {
  const enabled = useFeatures()("feature_verification");
  const [tab, setTab] = useState<Tab>(() => initialTab(status));
  const bvnDisabled = status.bvnVerified;
  const bankDisabled = !status.bvnVerified || status.bankAccountVerified;
  // A tab that became disabled (e.g. verified elsewhere) falls back to Overview.
  const current: Tab = (tab === "bvn" && bvnDisabled) || (tab === "bank" && bankDisabled) ? "overview" : tab;

  return (
    <Tabs
      value={current}
      onChange={(value) => value && setTab(value as Tab)}
      keepMounted={false}
      styles={{ tab: { paddingInline: 6 }, tabLabel: { whiteSpace: "normal", textAlign: "center", lineHeight: 1.25 } }}
    >
      <Tabs.List grow>
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="bvn" disabled={bvnDisabled}>
          BVN Verification
        </Tabs.Tab>
        <Tabs.Tab value="bank" disabled={bankDisabled}>
          Bank Verification
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="overview" pt="md">
        <Stack gap="md">
          <VerificationCard withLink={false} />
          <Card>
            <Text component="h2" fw={700} fz="md" m={0} mb="xs">
              How verification works
            </Text>
            <List size="sm" spacing={4} type="ordered">
              <List.Item>Verify your BVN with your date of birth and phone number (Level 1).</List.Item>
              <List.Item>Verify a saved bank account in your name (Level 2).</List.Item>
            </List>
            <Text size="sm" c="dimmed" mt="xs">
              Each level raises your daily limit.
            </Text>
          </Card>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="bvn" pt="md">
        <Card>
          <BvnForm status={status} enabled={enabled} onVerified={() => setTab("bank")} />
        </Card>
      </Tabs.Panel>

      <Tabs.Panel value="bank" pt="md">
        <Card>
          {status.bvnVerified ? (
            <BankVerification enabled={enabled} onVerified={() => setTab("overview")} />
          ) : (
            <Alert color="yellow" variant="light">
              Please verify your BVN first.
            </Alert>
          )}
        </Card>
      </Tabs.Panel>
    </Tabs>
  );
}
