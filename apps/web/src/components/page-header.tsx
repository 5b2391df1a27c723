import { ActionIcon, Group, Title } from "@mantine/core";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { IconArrowLeft } from "./icons";

interface PageHeaderProps {
  title: string;
  /** Where the back button goes; no back button without it. */
  back?: LinkProps["to"];
  right?: ReactNode;
}

/** Title row of an inner page, with an optional back link. */
export function PageHeader({ title, back, right }: PageHeaderProps) {
  return (
    <Group justify="space-between" wrap="nowrap" mb="md">
      <Group gap="xs" wrap="nowrap">
        {back ? (
          <ActionIcon component={Link} to={back} variant="subtle" color="gray" size="lg" aria-label="Back">
            <IconArrowLeft />
          </ActionIcon>
        ) : null}
        <Title order={1} size="h3">
          {title}
        </Title>
      </Group>
      {right}
    </Group>
  );
}
