import { z } from "zod";
import { passwordSchema } from "./auth";
import { plainText } from "./text";

/**
 * The transaction PIN (docs/product.md "Transaction PIN"): 4 digits asked on the review step of
 * every money-out flow, and checked by the server on every debit once the user has set one.
 */
export const TRANSACTION_PIN_MESSAGES = {
  format: "PIN must be 4 digits",
  weak: "Choose a less guessable PIN: not 4 of the same digit or digits in sequence",
  mismatch: "PINs do not match",
  required: "Transaction PIN required",
  incorrect: "Incorrect PIN",
  locked: "Too many incorrect PINs. Payments are locked for 30 minutes.",
  alreadySet: "A transaction PIN is already set. Change it with your current PIN.",
  notSet: "Set a transaction PIN first",
  set: "Transaction PIN set",
  changed: "Transaction PIN changed",
  reset: "Transaction PIN reset",
  codeSent: "A code to reset your PIN is on its way to your e-mail.",
  invalidCode: "This code is invalid or has expired. Ask for a new one.",
  /** A reset's wrong password, wrong code or spent code: the same answer, so the reset tells nothing about the password. */
  wrongPasswordOrCode: "Incorrect password or code. If the code has expired, ask for a new one.",
  resetSubject: "Your Kolo PIN reset code",
} as const;

/** Wrong PINs in a row that lock payments (not sign-in). */
export const MAX_PIN_ATTEMPTS = 5;
/** How long payments stay locked after MAX_PIN_ATTEMPTS wrong PINs. */
export const PIN_LOCK_MS = 30 * 60 * 1000;
/** A PIN-reset code is valid for 15 minutes, for 5 tries, and usable once. */
export const PIN_RESET_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_PIN_RESET_CODE_ATTEMPTS = 5;
/** The header a REST client may send the PIN in, instead of the body's `transactionPin`. */
export const TRANSACTION_PIN_HEADER = "x-transaction-pin";

/**
 * Whether `pin` is too easy to guess: four of the same digit (0000, 7777) or four digits each one
 * up or one down from the last (1234, 6789, 4321, 3210).
 */
export function isWeakPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/** Four digits, as typed. */
export const transactionPinSchema = plainText({ error: TRANSACTION_PIN_MESSAGES.format }).regex(/^\d{4}$/, { error: TRANSACTION_PIN_MESSAGES.format });

/** A new PIN: four digits, not weak. */
export const newTransactionPinSchema = transactionPinSchema.refine((pin) => !isWeakPin(pin), { error: TRANSACTION_PIN_MESSAGES.weak });

/** The optional PIN every money-out input takes (the server requires it once the user has set one). */
export const transactionPinInput = { transactionPin: transactionPinSchema.optional() };

/** POST /api/auth/transaction-pin {pin}: the first PIN. */
export const setTransactionPinSchema = z.object({ pin: newTransactionPinSchema });
/** PATCH /api/auth/transaction-pin {currentPin, pin}. */
export const changeTransactionPinSchema = z.object({ currentPin: transactionPinSchema, pin: newTransactionPinSchema });
/** POST /api/auth/transaction-pin/reset {password, code, pin}: the code is the one e-mailed. */
export const resetTransactionPinSchema = z.object({
  password: passwordSchema,
  code: plainText({ error: TRANSACTION_PIN_MESSAGES.invalidCode })
    .trim()
    .regex(/^\d{6}$/, { error: TRANSACTION_PIN_MESSAGES.invalidCode }),
  pin: newTransactionPinSchema,
});

/**
 * The first problem of a new PIN typed twice, for the field it belongs to: not 4 digits, weak, or
 * the two entries differ; null when it may be sent (the server checks again).
 */
export function newPinProblem(pin: string, again: string): { field: "pin" | "again"; message: string } | null {
  if (!/^\d{4}$/.test(pin)) return { field: "pin", message: TRANSACTION_PIN_MESSAGES.format };
  if (isWeakPin(pin)) return { field: "pin", message: TRANSACTION_PIN_MESSAGES.weak };
  if (pin !== again) return { field: "again", message: TRANSACTION_PIN_MESSAGES.mismatch };
  return null;
}
