import {
  DAILY_LIMIT_KOBO,
  VERIFICATION_PROGRESS,
  VERIFICATION_TITLES,
  formatKobo,
  toVerificationLevel,
} from "@kolo/domain";
import { Badge, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { IconCheck, IconCircle, IconShield } from "../../../components/icons";

interface VerificationCardProps {
  /** verificationLevel of the user: 0, 1 or 2. */
  level: number;
  /** Compact on the dashboard; full on /verification. */
  compact?: boolean;
  /** Hide the link to /verification (on /verification itself). */
  withLink?: boolean;
}

const LINK_LABELS = { 0: "Start Verification", 1: "Complete Verification", 2: "View Verification" } as const;

/**
 * Verification status (spec 01 §2, §4): title, progress 0/50/100, the BVN and bank account
 * checks, the daily limit (DECISIONS "Limits") and a link to /verification.
 */
export function VerificationCard({ level: rawLevel, compact = false, withLink = true }: VerificationCardProps) {
  const level = toVerificationLevel(rawLevel);
  const title = VERIFICATION_TITLES[level];
  const progress = VERIFICATION_PROGRESS[level];
  const checks = [
    { label: "BVN verification", done: level >= 1 },
    { label: "Bank account verification", done: level >= 2 },
  ];
  return (
    <Card component="section" aria-labelledby="verification-title" padding={compact ? "md" : "lg"}>
      <Stack gap={compact ? "xs" : "sm"}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={level === 2 ? "kolo" : "yellow"} radius="xl" aria-hidden="true">
              <IconShield size={18} />
            </ThemeIcon>
            <Text id="verification-title" fw={700} component="h2" fz="md" m={0}>
              {title}
            </Text>
          </Group>
          <Badge variant="light" color={level === 2 ? "kolo" : "yellow"} tt="none" style={{ flexShrink: 0 }}>
            Level {level}
          </Badge>
        </Group>
        <Progress
          value={progress}
          color={level === 2 ? "kolo" : "yellow"}
          aria-label={`Verification progress ${progress}%`}
          size="md"
        />
        <List spacing={4} size="sm" listStyleType="none" p={0}>
          {checks.map((check) => (
            <List.Item
              key={check.label}
              icon={
                <ThemeIcon size={18} radius="xl" variant={check.done ? "filled" : "light"} color={check.done ? "kolo" : "gray"}>
                  {check.done ? <IconCheck size={12} /> : <IconCircle size={10} />}
                </ThemeIcon>
              }
            >
              {check.label}: {check.done ? "Verified" : "Not verified"}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Daily limit:{" "}
          <Text span fw={700} c="var(--mantine-color-text)">
            {formatKobo(DAILY_LIMIT_KOBO[level])}
          </Text>
        </Text>
        {withLink ? (
          <Button component={Link} to="/verification" variant="light" size={compact ? "sm" : "md"} fullWidth>
            {LINK_LABELS[level]}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
