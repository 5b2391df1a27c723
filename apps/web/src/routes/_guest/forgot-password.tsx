import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { Link, createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/_guest/forgot-password")({
  component: ForgotPasswordPage,
});

/** The spec does not show this page (docs/product.md#accounts-and-sessions); it says so and leads back to sign-in. */
function ForgotPasswordPage() {
  return (
    <Card>
      <Stack>
        <Title order={1} size="h2">
          Forgot Password
        </Title>
        <Text c="dimmed">Password reset is not available yet. Please contact support if you cannot sign in.</Text>
        <Button component={Link} to="/login" variant="light">
          Back to Sign In
        </Button>
      </Stack>
    </Card>
  );
}
