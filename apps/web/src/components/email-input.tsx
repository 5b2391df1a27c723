import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * The e-mail field of the sign-in forms, with the e-mail keyboard and autofill. Apart from
 * form-inputs.tsx so that the sign-in screen does not load the amount input's number formatting.
 */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}
