import { Box, Center, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { IconWallet } from "../components/icons";

/**
 * Pathless layout of /login, /register, /forgot-password, /reset-password and /two-factor: a signed-in user goes to
 * /dashboard (docs/product.md#accounts-and-sessions, routing guard); an admin whose session still waits for the second factor
 * goes to /two-factor, which nobody else may open (docs/admin-security.md).
 */
export const Route = createFileRoute("/_guest")({
  // GET /api/auth/session (the REST adapter's auth.session) rather than tRPC: these screens do not
  // load the tRPC client until a form is submitted (context.loadApi in router.tsx,
  // docs/performance.md). It answers 200 signed in or not, so no error is logged for a visitor.
  beforeLoad: async ({ location }) => {
    const me = await fetch("/api/auth/session", { credentials: "include" }).then(
      // The body is read so that the request completes (Chromium keeps an unread one open).
      async (response) => {
        const body = await response.text();
        const session = response.ok ? (JSON.parse(body) as { signedIn: boolean; mfaRequired: boolean }) : null;
        return session?.signedIn ? session : null;
      },
      () => null,
    );
    const onTwoFactor = location.pathname === "/two-factor";
    if (me?.mfaRequired) {
      if (!onTwoFactor) throw redirect({ to: "/two-factor", replace: true });
    } else if (me) throw redirect({ to: "/dashboard", replace: true });
    else if (onTwoFactor) throw redirect({ to: "/login", replace: true });
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
