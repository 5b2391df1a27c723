// The fraud controls' texts and the held-payment test, without zod (fraud.ts and
// fraud-monitoring.ts have the schemas): the dashboard's recent transactions read them before the
// first render, which must not load zod (docs/performance.md "/dashboard: JavaScript before the
// first render").
import type { FraudReviewMetadata } from "./fraud-monitoring";

/** The fraud controls' texts (docs/product.md "Fraud controls"), word for word where the product gives them. */
export const FRAUD_MESSAGES = {
  /** The answer of a payment held by fraud monitoring (fraud-monitoring.ts), and what the user's screens show for it. */
  underReview: "Under review",
  deviceNotTrusted: "This device is not trusted yet: confirm it with the code we e-mail you",
  codeSent: "We sent a 6-digit code to your e-mail. It is valid for 10 minutes.",
  wrongCode: "Incorrect or expired code. Ask for a new one if it has expired.",
  codeFormat: "Enter the 6-digit code",
  deviceTrusted: "This device is now trusted",
  alreadyTrusted: "This device is already trusted",
  deviceNotFound: "Device not found",
  deviceRemoved: "Device removed",
  deviceCodeSubject: "Your Kolo code to confirm a device",
  unfreezeCodeSubject: "Your Kolo code to unfreeze your account",
  frozen: "Your account is frozen: unfreeze it in Settings to send money",
  freezeDone: "Your account is frozen. Money can no longer leave it until you unfreeze it.",
  alreadyFrozen: "Your account is already frozen",
  notFrozen: "Your account is not frozen",
  unfrozen: "Your account is unfrozen",
  wrongPassword: "Incorrect password",
} as const;

/** Whether a record is a payment held for review (its screens show 'Under review'). */
export const isHeldForReview = (record: { status: string; metadata: unknown }): boolean =>
  record.status === "pending" &&
  typeof record.metadata === "object" &&
  record.metadata !== null &&
  (record.metadata as { fraudReview?: FraudReviewMetadata }).fraudReview?.state === "held";
