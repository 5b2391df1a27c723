import { Card, Stack, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/** A card with its heading and one form (the browser's own checks off): /transaction-pin, /settings, /settings/limits. */
export function FormCard({ id, title, onSubmit, children }: { id: string; title: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h5" id={`${id}-title`}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Card>
  );
}

/** A form's submit handler that stays on the page and runs `action` (its errors are the action's to show). */
export const submitWith = (action: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void action();
};

/** A card with its heading and no form (a settings section that acts at once or links on). */
export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
