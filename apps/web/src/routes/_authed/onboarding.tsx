import { DAILY_LIMIT_KOBO, formatKobo } from "@kolo/domain";
import { Button, Card, Group, List, Stack, Stepper, Text, ThemeIcon, Title } from "@mantine/core";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { IconShield, IconSparkles, IconWallet } from "../../components/icons";
import { useMe } from "../../lib/queries";

/** Shown after registration (spec 01 §2 "Onboarding"); fully verified users go to /dashboard. */
export const Route = createFileRoute("/_authed/onboarding")({
  beforeLoad: ({ context }) => {
    if (context.me.verificationLevel >= 2) throw redirect({ to: "/dashboard", replace: true });
  },
  component: OnboardingPage,
});

const STEPS = ["Welcome", "Benefits", "Verify"] as const;

function OnboardingPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const last = step === STEPS.length - 1;
  const firstName = me.name.split(/\s+/)[0] ?? me.name;

  return (
    <Stack gap="lg" py="md">
      <Stepper active={step} onStepClick={setStep} size="sm" allowNextStepsSelect={false} aria-label="Onboarding steps">
        <Stepper.Step label="Welcome">
          <StepCard icon={<IconWallet size={28} />} title={`Welcome to Kolo, ${firstName}!`}>
            <Text>Your naira wallet is ready. Add money by card, send money to friends and pay merchants by QR code.</Text>
          </StepCard>
        </Stepper.Step>
        <Stepper.Step label="Benefits">
          <StepCard icon={<IconSparkles size={28} />} title="Everything in one place">
            <List spacing="xs">
              <List.Item>Instant, free transfers to other Kolo users</List.Item>
              <List.Item>Scan a QR code to pay merchants</List.Item>
              <List.Item>Buy airtime and data for any network</List.Item>
              <List.Item>Withdraw to your bank account</List.Item>
            </List>
          </StepCard>
        </Stepper.Step>
        <Stepper.Step label="Verify">
          <StepCard icon={<IconShield size={28} />} title="Verify your identity">
            <Text>
              Unverified accounts can spend up to {formatKobo(DAILY_LIMIT_KOBO[0])} per day. Verify your BVN and a bank
              account to raise your daily limit to {formatKobo(DAILY_LIMIT_KOBO[2])}.
            </Text>
          </StepCard>
        </Stepper.Step>
      </Stepper>

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

function StepCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card mt="md">
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
