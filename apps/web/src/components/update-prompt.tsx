import { Button, Paper, Text } from "@mantine/core";
import { useState } from "react";
import type { ApplyUpdate } from "../lib/service-worker";

/** The text of the update prompt (docs/decisions/web.md "Phone experience"). */
export const UPDATE_AVAILABLE_TEXT = "A new version of Kolo is available";

/**
 * 'A new version of Kolo is available' with a Reload button, at the top of the screen, while a
 * new version of the app waits (lib/service-worker.ts). It only asks: a form half filled in is
 * never lost to an update the user did not choose. Loaded when an update waits (update-offer.tsx).
 */
export default function UpdatePrompt({ applyUpdate }: { applyUpdate: ApplyUpdate }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Paper role="status" shadow="md" withBorder p="sm" radius="md" pos="fixed" top={8} left={8} right={8} maw={544} mx="auto" style={{ zIndex: 1100 }}>
      {/* A plain flex row: Mantine's Group here would split it out of the first screen's chunks. */}
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "var(--mantine-spacing-sm)" }}>
        <Text size="sm" fw={600}>
          {UPDATE_AVAILABLE_TEXT}
        </Text>
        <Button
          size="sm"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          Reload
        </Button>
      </div>
    </Paper>
  );
}
