import { Badge, Box, Card, Group, SimpleGrid, Text, Title } from "@mantine/core";

const LEVELS = [
  { level: 0, title: "Level 0: Unverified", access: "Limited access", color: "gray" },
  { level: 1, title: "Level 1: BVN Verified", access: "Partial access", color: "blue" },
  { level: 2, title: "Level 2: Fully Verified", access: "Full access", color: "kolo" },
] as const;

/** The three verification levels and what each may do (docs/product.md#admin-console). */
export function LevelGuide() {
  return (
    <Card component="section" aria-labelledby="level-guide-title">
      <Title id="level-guide-title" order={2} size="h4" mb="sm">
        Verification Levels
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LEVELS.map((l) => (
          <Group key={l.level} gap="sm" wrap="nowrap">
            <Badge color={l.color} variant="light" size="lg">
              Level {l.level}
            </Badge>
            <Box>
              <Text fw={600} size="sm">
                {l.title}
              </Text>
              <Text size="sm" c="dimmed">
                {l.access}
              </Text>
            </Box>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
