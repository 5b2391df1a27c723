import { Avatar, Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../../lib/trpc";
import { LoadError, StatusBadge } from "../shared";
import { RECENT_USERS } from "./limits";

/** The newest users with their level and status, and View All (/admin/users). */
export function RecentUsers() {
  const users = trpc.admin.users.list.useQuery({ page: 1, limit: RECENT_USERS, search: "" });
  return (
    <Card component="section" aria-labelledby="recent-users-title">
      <Group justify="space-between" mb="sm">
        <Title id="recent-users-title" order={2} size="h4">
          Recent Users
        </Title>
        <Button component={Link} to="/admin/users" variant="subtle" size="md">
          View All
        </Button>
      </Group>
      {users.isError ? (
        <LoadError title="Failed to fetch users" error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data ? (
        <Stack gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : users.data.users.length === 0 ? (
        <Text c="dimmed">No users found</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {users.data.users.map((user) => (
            <Group component="li" key={user.id} justify="space-between" gap="xs">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar name={user.name} color="kolo" variant="filled" radius="xl" alt="" />
                <Box miw={0}>
                  <Text fw={600} size="sm" truncate title={user.name}>
                    {user.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate title={user.email}>
                    {user.email}
                  </Text>
                </Box>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color="gray">
                  Level {user.verificationLevel}
                </Badge>
                <StatusBadge status={user.status} />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
