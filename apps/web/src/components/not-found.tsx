import { Button, Card, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";

/** Any unknown route (docs/product.md). */
export function NotFound() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Card w="100%" maw={420}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            404 Page Not Found
          </Title>
          <Text c="dimmed">Did you forget to add the page to the router?</Text>
          <Button component={Link} to="/dashboard" variant="light" mt="xs">
            Go to Dashboard
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
