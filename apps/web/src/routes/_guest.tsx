import { Box, Center, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { IconWallet } from "../components/icons";

/**
 * Pathless layout of /login, /register and /forgot-password: a signed-in user goes to /dashboard
 * (spec 01 §2, routing guard).
 */
export const Route = createFileRoute("/_guest")({
  beforeLoad: async ({ context }) => {
    const signedIn = await context.trpc.auth.me.ensureData().then(
      () => true,
      () => false,
    );
    if (signedIn) throw redirect({ to: "/dashboard", replace: true });
  },
  component: GuestLayout,
});

function GuestLayout() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
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
