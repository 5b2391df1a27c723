import { Alert, Button, Stack, Text } from "@mantine/core";
import { Link, createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page-header";
import { useMe } from "../../lib/queries";
import { VerificationCard } from "./-components/verification-card";

/** Account verification (spec 01 §2). BVN and bank verification arrive in a later issue. */
export const Route = createFileRoute("/_authed/verification")({
  component: VerificationPage,
});

function VerificationPage() {
  const me = useMe();
  return (
    <Stack gap="md">
      <PageHeader title="Account Verification" back="/dashboard" />
      <VerificationCard level={me.verificationLevel} withLink={false} />
      <Alert color="blue" title="Coming soon" variant="light">
        <Text size="sm">
          BVN and bank account verification will be available here soon. Until then your daily limit stays as shown above.
        </Text>
      </Alert>
      <Button component={Link} to="/dashboard" variant="light">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
