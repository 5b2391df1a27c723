import { NumberInput, type NumberInputProps, TextInput, type TextInputProps } from "@mantine/core";

/** A naira amount: ₦ prefix, thousands separators, at most 2 decimals, numeric keypad on phones. */
export function NairaAmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Amount (NGN)"
      prefix="₦"
      min={0}
      allowNegative={false}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}

/** The e-mail field of the sign-in forms, with the e-mail keyboard and autofill. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}
