import { Box, Center, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { IconWallet } from "../components/icons";

/**
 * Pathless layout of /login, /register and /forgot-password: a signed-in user goes to /dashboard
 * (spec 01 §2, routing guard).
 */
export const Route = createFileRoute("/_guest")({
  // GET /api/auth/me (the REST adapter's auth.me) rather than tRPC: these screens do not load the
  // tRPC client until a form is submitted (context.loadApi in router.tsx, docs/performance.md).
  beforeLoad: async () => {
    const signedIn = await fetch("/api/auth/me", { credentials: "include" }).then(
      // The body is read so that the request completes (Chromium keeps an unread one open).
      async (response) => (await response.text(), response.ok),
      () => false,
    );
    if (signedIn) throw redirect({ to: "/dashboard", replace: true });
  },
  component: GuestLayout,
});

function GuestLayout() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Group gap="xs" justify="center">
          <ThemeIcon size={40} radius="md" aria-hidden="true">
            <IconWallet />
          </ThemeIcon>
          <Box>
            <Title order={2} size="h3" lh={1.1}>
              Kolo
            </Title>
            <Text size="xs" c="dimmed">
              Your naira wallet
            </Text>
          </Box>
        </Group>
        <Outlet />
      </Stack>
    </Center>
  );
}
