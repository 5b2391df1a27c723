import { Button, type ButtonProps, Loader } from "@mantine/core";
import type { ComponentPropsWithoutRef, ReactNode } from "react";

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

/**
 * The submit button of a money form: full width, its busy label while the request is on its way;
 * `describedBy` is the id of the text that says why it is disabled (feature off, balance short).
 */
export function SubmitButton({
  busy,
  busyLabel = "Processing...",
  disabled,
  describedBy,
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <BusyButton type="submit" size="md" fullWidth busy={busy} busyLabel={busyLabel} disabled={disabled} aria-describedby={describedBy}>
      {children}
    </BusyButton>
  );
}
