import { useRef } from "react";
import { TextInput, type TextInputProps } from "@mantine/core";
import { NARRATION_MAX_LENGTH } from "@kolo/domain";

/** Plain digits, at most two decimals: the only text `groupThousands` rewrites. */
const PLAIN_AMOUNT = /^(\d+)(\.\d{0,2})?$/;

/**
 * '1234567.5' -> '1,234,567.5': thousands separators for an amount being typed. The text with its
 * commas taken out must be plain digits with at most two decimals; anything else ('1e3', '-5',
 * '1.234') is answered unchanged (`null`), so the form still refuses it as typed.
 */
export function groupThousands(text: string): string | null {
  const match = PLAIN_AMOUNT.exec(text.replaceAll(",", ""));
  if (!match?.[1]) return null;
  const whole = match[1].replace(/^0+(?=\d)/, "");
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (match[2] ?? "");
}

/** Whether `after` is `before` with exactly one character typed in or deleted. */
function oneEdit(before: string, after: string): boolean {
  if (Math.abs(before.length - after.length) !== 1) return false;
  const [long, short] = before.length > after.length ? [before, after] : [after, before];
  let i = 0;
  while (i < short.length && long[i] === short[i]) i += 1;
  return long.slice(i + 1) === short.slice(i);
}

/** The digits (and dot) of `text` before position `end`. */
const digitsBefore = (text: string, end: number) => text.slice(0, end).replaceAll(",", "").length;

/**
 * The naira amount field of every money form: a text field with '₦' in front and the decimal
 * keypad on phones. A digit typed or deleted regroups the thousands as the user types ('1234' ->
 * '1,234', caret kept after the same digit); text pasted or filled whole stays exactly as given.
 * The form reads it with `parseNairaInput` / `nairaInputText` from @kolo/domain ('1,000' is a
 * thousand, '1e3', '-5', '1,00' and '1.234' are refused) and shows the refusal as the field's
 * `error`, never a silent fix. The value sent stays a number (the schema's output).
 */
export function NairaAmountInput({ onChange, ...props }: TextInputProps) {
  const previous = useRef(typeof props.value === "string" ? props.value : "");
  return (
    <TextInput
      label="Amount (NGN)"
      leftSection={<span aria-hidden="true">₦</span>}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
      onChange={(event) => {
        const input = event.currentTarget;
        const text = input.value;
        const before = typeof props.value === "string" ? props.value : previous.current;
        // One keystroke (a character in or out) on a well-grouped amount, not a paste or a fill:
        // regroup and keep the caret after its digit. Anything else stays exactly as given.
        const grouped = oneEdit(before, text) && (before === "" || groupThousands(before) === before) ? groupThousands(text) : null;
        if (grouped !== null && grouped !== text) {
          const digits = digitsBefore(text, input.selectionStart ?? text.length);
          input.value = grouped;
          let caret = 0;
          while (caret < grouped.length && digitsBefore(grouped, caret) < digits) caret += 1;
          input.setSelectionRange(caret, caret);
        }
        previous.current = input.value;
        onChange?.(event);
      }}
    />
  );
}

/** The e-mail field of the sign-in forms, with the e-mail keyboard and autofill. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}

/**
 * 'Narration (optional)': a transfer's short note (narrationSchema: plain text, at most
 * NARRATION_MAX_LENGTH characters), shown on the review step, the success screen and both receipts.
 */
export function NarrationInput(props: TextInputProps) {
  return (
    <TextInput label="Narration (optional)" placeholder="What it is for, e.g. Rent for May" maxLength={NARRATION_MAX_LENGTH} autoComplete="off" {...props} />
  );
}

/** The review step's 'Narration' line (PaymentReview details), none when it is blank. */
export const narrationDetails = (narration: string | undefined) => (narration ? [{ label: "Narration", value: narration }] : []);
