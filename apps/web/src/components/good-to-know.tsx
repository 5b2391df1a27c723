import { Card, List, Text } from "@mantine/core";

/**
 * The 'Good to know' card under a payments screen (bank accounts, bank transfer): a titled section of
 * short notes, named by its heading (`id`) for assistive technology.
 */
export function GoodToKnow({ id, notes }: { id: string; notes: readonly string[] }) {
  return (
    <Card component="section" aria-labelledby={id} padding="md">
      <Text id={id} component="h2" fw={700} fz="md" m={0} mb="xs">
        Good to know
      </Text>
      <List size="sm" spacing={4} c="dimmed">
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Card>
  );
}
