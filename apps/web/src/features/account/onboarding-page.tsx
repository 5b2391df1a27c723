import { DAILY_LIMIT_KOBO, formatKobo } from "@kolo/domain";
import { Box, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { IconCheck, IconShield, IconSparkles, IconWallet } from "../../components/icons";
import { useMe } from "../../lib/queries";

const STEPS = ["Welcome", "Benefits", "Verify"] as const;

export function OnboardingPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const last = step === STEPS.length - 1;
  const firstName = me.name.split(/\s+/)[0] ?? me.name;

  return (
    <Stack gap="lg" py="md">
      <StepIndicator active={step} />

      {step === 0 ? (
        <StepCard icon={<IconWallet size={28} />} title={`Welcome to Kolo, ${firstName}!`}>
          <Text>Your naira wallet is ready. Add money by card, send money to friends and pay merchants by QR code.</Text>
        </StepCard>
      ) : step === 1 ? (
        <StepCard icon={<IconSparkles size={28} />} title="Everything in one place">
          <List spacing="xs">
            <List.Item>Instant, free transfers to other Kolo users</List.Item>
            <List.Item>Scan a QR code to pay merchants</List.Item>
            <List.Item>Buy airtime and data for any network</List.Item>
            <List.Item>Withdraw to your bank account</List.Item>
          </List>
        </StepCard>
      ) : (
        <StepCard icon={<IconShield size={28} />} title="Verify your identity">
          <Text>
            Unverified accounts can spend up to {formatKobo(DAILY_LIMIT_KOBO[0])} per day. Verify your BVN and a bank account to raise your daily limit to{" "}
            {formatKobo(DAILY_LIMIT_KOBO[2])}.
          </Text>
        </StepCard>
      )}

      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={() => void navigate({ to: "/dashboard" })}>
          Skip for now
        </Button>
        {last ? (
          <Button onClick={() => void navigate({ to: "/verification" })}>Start Verification</Button>
        ) : (
          <Button onClick={() => setStep((current) => current + 1)}>Continue</Button>
        )}
      </Group>
    </Stack>
  );
}

/** Three numbered steps; the current one carries aria-current="step". */
function StepIndicator({ active }: { active: number }) {
  return (
    <Group component="ol" aria-label="Onboarding steps" gap="xs" wrap="nowrap" m={0} p={0} style={{ listStyle: "none" }}>
      {STEPS.map((label, index) => {
        const done = index < active;
        const current = index === active;
        return (
          <Box component="li" key={label} aria-current={current ? "step" : undefined} style={{ flex: 1 }}>
            <Box h={4} bg={done || current ? "kolo.8" : "gray.3"} style={{ borderRadius: 2 }} />
            <Group gap={4} mt={6} wrap="nowrap">
              {done ? (
                <ThemeIcon size={16} radius="xl" aria-hidden="true">
                  <IconCheck size={10} />
                </ThemeIcon>
              ) : null}
              <Text size="xs" fw={current ? 700 : 500} c={current || done ? undefined : "dimmed"}>
                {label}
              </Text>
            </Group>
          </Box>
        );
      })}
    </Group>
  );
}

function StepCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap="sm" aria-live="polite">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
