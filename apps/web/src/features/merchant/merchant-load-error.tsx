import { Alert, Button, Card, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { domainCode } from "../../lib/errors";

/**
 * The load failure of a merchant screen that reads the caller's merchant account: without one
 * (NOT_FOUND) 'Create a merchant account to see its {what}.', else 'Could not load your {what}.',
 * with Retry.
 */
export function MerchantLoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="Error" role="alert">
      <Text size="sm">{domainCode(error) === "NOT_FOUND" ? `Create a merchant account to see its ${what}.` : `Could not load your ${what}.`}</Text>
      <Button mt="sm" variant="light" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** A titled card of a merchant screen, named by its heading (a region for screen readers). */
export function MerchantSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} padding="md">
      <Title id={id} order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}
