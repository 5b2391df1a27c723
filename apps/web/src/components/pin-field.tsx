import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { errorDetails, serverMessage } from "../lib/errors";

/**
 * A 4-digit transaction PIN field (docs/product.md "Transaction PIN"): masked, a numeric keypad on
 * phones, anything but digits dropped as it is typed.
 */
export function PinField({ onChange, ...props }: Omit<PasswordInputProps, "onChange"> & { value: string; onChange: (value: string) => void }) {
  return (
    <PasswordInput
      inputMode="numeric"
      maxLength={4}
      required
      {...props}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
    />
  );
}

/** A refused PIN in words: 'Incorrect PIN. 3 attempts left.' from the server's message and details, else `fallback`. */
export function pinRefusalText(error: unknown, fallback: string): string {
  const message = serverMessage(error) ?? fallback;
  const left = (errorDetails(error) as { attemptsRemaining?: unknown } | null)?.attemptsRemaining;
  return typeof left === "number" ? `${message}. ${left} attempt${left === 1 ? "" : "s"} left.` : message;
}
