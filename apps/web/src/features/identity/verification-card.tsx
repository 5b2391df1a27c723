import { VERIFICATION_PROGRESS, VERIFICATION_TITLES, formatNaira, toVerificationLevel } from "@kolo/domain";
import { Alert, Badge, Box, Button, Card, Group, List, Progress, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { IconCheck, IconCircle, IconShield } from "../../components/icons";
import { VERIFICATION_QUERY_OPTIONS } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

interface VerificationCardProps {
  /** Compact on the dashboard; full on /verification (attempts and BVN digits too). */
  compact?: boolean;
  /** Hide the link to /verification (on /verification itself). */
  withLink?: boolean;
}

/** The link's label by level (docs/product.md#verification-and-limits); level 2 has nothing left to do. */
const LINK_LABELS = { 0: "Start Verification", 1: "Complete Verification", 2: "View Verification" } as const;

export const VERIFICATION_ERROR_TITLE = "Verification Status Error";
export const VERIFICATION_ERROR_TEXT = "Unable to fetch your verification status. Please try again later.";
/** Offline with no status to show: a neutral state, not the error (nothing is wrong but the connection). */
export const VERIFICATION_OFFLINE_TITLE = "Offline";
export const VERIFICATION_OFFLINE_TEXT = "Your verification status shows again when you are back online.";

/**
 * Verification status (docs/product.md#verification-and-limits): title, progress 0/50/100, the BVN and bank account
 * checks, the daily limit (verification.transactionLimit, docs/decisions.md) and a link to
 * /verification. Reads verification.status itself; when that fails it is the card 'Verification
 * Status Error' whose Retry fetches both queries again; offline with nothing to show, a neutral
 * 'Offline' card instead (the queries fetch again when the connection is back).
 */
export function VerificationCard({ compact = false, withLink = true }: VerificationCardProps) {
  const status = trpc.verification.status.useQuery(undefined, VERIFICATION_QUERY_OPTIONS);
  const limit = trpc.verification.transactionLimit.useQuery(undefined, VERIFICATION_QUERY_OPTIONS);
  const { online } = useNetwork();

  if (!online && (!status.data || !limit.data)) {
    return (
      <Card component="section" aria-labelledby="verification-offline-title" padding={compact ? "md" : "lg"}>
        <Alert color="gray" variant="light" role="status" title={<span id="verification-offline-title">{VERIFICATION_OFFLINE_TITLE}</span>}>
          <Text size="sm">{VERIFICATION_OFFLINE_TEXT}</Text>
        </Alert>
      </Card>
    );
  }

  if (status.isError || limit.isError) {
    const retrying = status.isFetching || limit.isFetching;
    return (
      <Card component="section" aria-labelledby="verification-error-title" padding={compact ? "md" : "lg"}>
        <Alert color="red" variant="light" role="alert" title={<span id="verification-error-title">{VERIFICATION_ERROR_TITLE}</span>}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{VERIFICATION_ERROR_TEXT}</Text>
            <Button
              variant="white"
              color="red"
              size="sm"
              loading={retrying}
              onClick={() => {
                if (status.isError) void status.refetch();
                if (limit.isError) void limit.refetch();
              }}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      </Card>
    );
  }

  if (!status.data || !limit.data) {
    return (
      <Card component="section" aria-label="Verification status" aria-busy="true" padding={compact ? "md" : "lg"}>
        <Stack gap="xs" role="status">
          <Skeleton h={20} w="60%" />
          <Skeleton h={8} />
          <Skeleton h={16} w="80%" />
          <Text size="xs" c="dimmed">
            Loading verification status...
          </Text>
        </Stack>
      </Card>
    );
  }

  const data = status.data;
  const level = toVerificationLevel(data.verificationLevel);
  const title = VERIFICATION_TITLES[level];
  const progress = VERIFICATION_PROGRESS[level];
  const done = level === 2;
  const details = data.verificationDetails;
  const checks = [
    { label: "BVN verification", done: data.bvnVerified, extra: !compact && data.bvnVerified && details.bvnLast4 ? ` (•••••••${details.bvnLast4})` : "" },
    { label: "Bank account verification", done: data.bankAccountVerified, extra: "" },
  ];
  // From level 1 the dashboard shows one line, so recent transactions stay in view at 360×740.
  if (compact && level >= 1)
    return (
      <Card component="section" aria-labelledby="verification-title" padding="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={done ? "kolo" : "yellow"} radius="xl" aria-hidden="true">
              <IconShield size={18} />
            </ThemeIcon>
            <Box miw={0}>
              <Group gap={6}>
                <Text id="verification-title" fw={700} component="h2" fz="sm" m={0}>
                  {title}
                </Text>
                <Badge variant="light" color={done ? "kolo" : "yellow"} tt="none" size="sm">
                  Level {level}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                Daily limit:{" "}
                <Text span fw={700} size="xs" c="var(--mantine-color-text)">
                  {formatNaira(limit.data.currentLimit)}
                </Text>
              </Text>
            </Box>
          </Group>
          {withLink ? (
            <Button component={Link} to="/verification" variant="subtle" size="sm" aria-label={LINK_LABELS[level]}>
              {done ? "View" : "Complete"}
            </Button>
          ) : null}
        </Group>
      </Card>
    );
  return (
    <Card component="section" aria-labelledby="verification-title" padding={compact ? "md" : "lg"}>
      <Stack gap={compact ? "xs" : "sm"}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={done ? "kolo" : "yellow"} radius="xl" aria-hidden="true">
              <IconShield size={18} />
            </ThemeIcon>
            <Text id="verification-title" fw={700} component="h2" fz="md" m={0}>
              {title}
            </Text>
          </Group>
          <Badge variant="light" color={done ? "kolo" : "yellow"} tt="none" style={{ flexShrink: 0 }}>
            Level {level}
          </Badge>
        </Group>
        <Progress value={progress} color={done ? "kolo" : "yellow"} aria-label={`Verification progress ${progress}%`} size="md" />
        <List spacing={4} size="sm" listStyleType="none" p={0}>
          {checks.map((check) => (
            <List.Item
              key={check.label}
              icon={
                <ThemeIcon size={18} radius="xl" variant={check.done ? "filled" : "light"} color={check.done ? "kolo" : "gray"} aria-hidden="true">
                  {check.done ? <IconCheck size={12} /> : <IconCircle size={10} />}
                </ThemeIcon>
              }
            >
              {check.label}: {check.done ? "Verified" : "Not verified"}
              {check.extra}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Daily limit:{" "}
          <Text span fw={700} c="var(--mantine-color-text)">
            {formatNaira(limit.data.currentLimit)}
          </Text>
        </Text>
        {!compact && !data.bvnVerified ? (
          <Text size="sm" c="dimmed">
            BVN attempts used: {details.verificationAttempts} of {details.maxAttempts}
          </Text>
        ) : null}
        {withLink ? (
          <Button component={Link} to="/verification" variant="light" size={compact ? "sm" : "md"} fullWidth>
            {LINK_LABELS[level]}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
