// Fraud controls (docs/product.md "Fraud controls"; the CBN circular on fraud in instant payments of
// 12 March 2026): trusted devices, the first-day cap and freezing the account. Texts and input shapes.
import { z } from "zod";
import { FRAUD_MESSAGES } from "./fraud-texts";
import { formatDateTime } from "./dates";
import { formatKobo } from "./money";
import { plainText } from "./text";

/** The trust and unfreeze codes: 6 digits, 10 minutes, 5 tries (docs/product.md "Fraud controls"). */
export const SECURITY_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_SECURITY_CODE_ATTEMPTS = 5;
/** How long the first-day cap lasts after registration, trusting a device or unfreezing. */
export const FIRST_DAY_CAP_MS = 24 * 60 * 60 * 1000;
/** The default of the `new_device_cap` setting (kobo): ₦20,000. */
export const DEFAULT_NEW_DEVICE_CAP_KOBO = 2_000_000n;

/**
 * 'New device limit: you can send up to ₦5,000 until 28/11/2026, 1:05 am': what is left of the
 * first-day cap (kobo, shown without .00 like the limits' other messages) and the window's end (Lagos).
 */
export const newDeviceLimitMessage = (leftKobo: bigint, until: Date) =>
  `New device limit: you can send up to ${formatKobo(leftKobo).replace(/\.00$/, "")} until ${formatDateTime(until)}`;

const codeSchema = z.string({ error: FRAUD_MESSAGES.codeFormat }).regex(/^\d{6}$/, { error: FRAUD_MESSAGES.codeFormat });

/** POST /api/auth/devices/current/trust {code}. */
export const trustDeviceSchema = z.object({ code: codeSchema });

/** POST /api/auth/unfreeze {password, code?}: without the code it e-mails one. */
export const unfreezeSchema = z.object({
  password: plainText({ error: FRAUD_MESSAGES.wrongPassword }).min(1, { error: FRAUD_MESSAGES.wrongPassword }).max(256),
  code: codeSchema.optional(),
});

/** DELETE /api/auth/devices/{id}. */
export const deviceIdSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
