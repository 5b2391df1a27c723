import { Button, type ButtonProps, Loader } from "@mantine/core";
import type { ComponentPropsWithoutRef } from "react";

type BusyButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<"button">, keyof ButtonProps> & {
    busy: boolean;
    /** The label while busy, e.g. 'Signing In...' (shown, not hidden behind a spinner). */
    busyLabel: string;
  };

/** A button that shows its busy label and is disabled while busy, so a double click submits once. */
export function BusyButton({ busy, busyLabel, children, disabled, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      disabled={busy || disabled}
      aria-busy={busy}
      leftSection={busy ? <Loader size={16} color="currentColor" aria-hidden="true" /> : props.leftSection}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
