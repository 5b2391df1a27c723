import { Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";

const SETTINGS = [
  {
    title: "Transaction Fees",
    description: "Withdrawals and bank transfers: 1% of the amount, minimum ₦50, maximum ₦1,000. Transfers between users are free.",
  },
  { title: "Payment Gateway", description: "Card top-ups, bank payouts and BVN lookups through Paystack." },
  { title: "User Verification", description: "BVN (level 1), then a bank account in the user's name (level 2)." },
] as const;

/** System Settings: the fixed settings (fees, gateway, verification) and the way to Feature Management. */
export function SystemSettings() {
  return (
    <Card component="section" aria-labelledby="system-settings-title">
      <Title id="system-settings-title" order={2} size="h4" mb="sm">
        System Settings
      </Title>
      <Stack gap="sm">
        {SETTINGS.map((setting) => (
          <Group key={setting.title} justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text fw={600}>{setting.title}</Text>
              <Text size="sm" c="dimmed" id={`setting-${setting.title.replace(/\s/g, "-")}`}>
                {setting.description}
              </Text>
            </Box>
            <Button variant="default" size="md" disabled aria-describedby="settings-fixed-note">
              Edit
            </Button>
          </Group>
        ))}
        <Text id="settings-fixed-note" size="sm" c="dimmed">
          These settings are part of the server's configuration and cannot be edited here.
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text fw={600}>Feature Management</Text>
            <Text size="sm" c="dimmed">
              Switch features on or off for all users.
            </Text>
          </Box>
          <Button component={Link} to="/admin/settings" size="md">
            Manage
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
