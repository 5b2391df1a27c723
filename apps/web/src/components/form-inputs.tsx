import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * The naira amount field of every money form: a text field with '₦' in front and the decimal
 * keypad on phones. It keeps exactly what the user typed; the form reads it with
 * `parseNairaInput` / `nairaInputText` from @kolo/domain ('1,000' is a thousand, '1e3', '-5',
 * '1,00' and '1.234' are refused) and shows the refusal as the field's `error`, never a silent fix.
 */
export function NairaAmountInput(props: TextInputProps) {
  return (
    <TextInput label="Amount (NGN)" leftSection={<span aria-hidden="true">₦</span>} inputMode="decimal" autoComplete="off" spellCheck={false} {...props} />
  );
}

/** The e-mail field of the sign-in forms, with the e-mail keyboard and autofill. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}
