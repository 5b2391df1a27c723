import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { IconSparkles } from "../../components/icons";
import { PageHeader } from "../../components/page-header";

/** A payment method the spec names without a screen (docs/product.md#accounts-and-sessions: /merchant/pay). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <PageHeader title={title} back="/pay" />
      <Card padding="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconSparkles />
          </ThemeIcon>
          <Title order={2} size="h4">
            Coming Soon
          </Title>
          <Text c="dimmed">{title} is not available yet. Please use another payment method for now.</Text>
          <Button component={Link} to="/pay" variant="light">
            Back to Payment Methods
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
