import { Box, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPhone, IconScan, IconSend, IconWifi } from "../../components/icons";

const QUICK_ACTIONS = [
  { label: "Send", icon: <IconSend /> },
  { label: "Scan", icon: <IconScan /> },
  { label: "Airtime", icon: <IconPhone /> },
  { label: "Data", icon: <IconWifi /> },
];

/**
 * The dashboard's frame without the user's data, rendered at build time into dashboard.html
 * (scripts/route-pages.ts): the signed-in layout, the header, the balance card, the quick actions
 * and the recent transactions as placeholders, in the places the real screen (DashboardScreen)
 * puts them. It shows what is coming while the JavaScript and the user's data load, and is
 * replaced as a whole by the real screen; nothing in it can be used (no link, no button).
 */
export function DashboardShell() {
  return (
    <Box mih="100dvh" bg="gray.0" pb={96}>
      <Container size={560} px="md" py="md" component="main" aria-busy="true" aria-label="Loading your wallet">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" component="header">
            <Skeleton circle height={56} />
            <Stack gap={8}>
              <Skeleton h={18} w={150} />
              <Skeleton h={14} w={110} />
            </Stack>
          </Group>
          <Card
            bg="kolo.8"
            c="white"
            withBorder={false}
            shadow="sm"
            style={{ backgroundImage: "linear-gradient(135deg, var(--mantine-color-kolo-8), var(--mantine-color-kolo-9))" }}
          >
            <Text size="sm" c="kolo.0" fw={500}>
              Available Balance
            </Text>
            <Skeleton h={32} w={170} mt={8} mb={6} opacity={0.35} />
            <Group mt="md" gap="sm" grow>
              <Skeleton h={44} opacity={0.35} />
              <Skeleton h={44} opacity={0.35} />
            </Group>
          </Card>
          <SimpleGrid cols={4} spacing="xs">
            {QUICK_ACTIONS.map((action) => (
              <Stack key={action.label} gap={4} align="center" p={4}>
                <Box w={48} h={48} bg="kolo.0" c="kolo.9" style={{ borderRadius: 14, display: "flex", alignItems: "center", justifyContent: "center" }}>
                  {action.icon}
                </Box>
                <Text size="xs" fw={600}>
                  {action.label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Card padding="md">
            <Title order={2} size="h5" mb="xs">
              Recent Transactions
            </Title>
            <Stack gap="sm">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} h={40} />
              ))}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
