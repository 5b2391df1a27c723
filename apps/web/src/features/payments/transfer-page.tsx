import { Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FeatureDisabledHint } from "../../components/feature-disabled";
import { IconBank, IconUser } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { type AppPath, linkTo } from "../../lib/paths";
import { useFeatures } from "../../lib/queries";

export function TransferChooser() {
  const enabled = useFeatures()("feature_send_money");
  return (
    <Stack gap="md">
      <PageHeader title="Transfer" back="/dashboard" />
      {enabled ? null : <FeatureDisabledHint size="sm" id="transfer-disabled" />}
      <Choice to="/transfer/bank" icon={<IconBank />} title="Bank Transfer" text="Send money to any Nigerian bank account" enabled={enabled} />
      <Choice
        to="/transfer/p2p"
        icon={<IconUser />}
        title="Send to User"
        text="Send money to another Kolo user by e-mail, instantly and free"
        enabled={enabled}
      />
    </Stack>
  );
}

interface ChoiceProps {
  to: AppPath;
  icon: ReactNode;
  title: string;
  text: string;
  enabled: boolean;
}

function Choice({ to, icon, title, text, enabled }: ChoiceProps) {
  const content = (
    <Card padding="md" style={enabled ? undefined : { opacity: 0.6 }}>
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={700}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
  return enabled ? (
    <UnstyledButton component={Link} to={linkTo(to)} style={{ borderRadius: "var(--mantine-radius-lg)" }}>
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton disabled aria-describedby="transfer-disabled" style={{ cursor: "not-allowed" }}>
      {content}
    </UnstyledButton>
  );
}
