// Output schemas of the auth router (router/auth.ts), beside its procedures.
import { schema } from "@kolo/db";
import { koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { dateTime, id, isoDateTime } from "./common.types";

/** A user as the client reads it (users.ts toPublicUser). */
export const user = z.object({
  id,
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: z.enum(schema.userRole.enumValues),
  status: z.enum(schema.userStatus.enumValues),
  balance: koboAsNaira,
  verificationLevel: z.number().int().min(0).max(2),
  merchantId: id.nullable(),
  frozen: z.boolean(),
  createdAt: dateTime,
});

/** The signed-in user; an admin's answer also says whether the second factor is still due. */
export const me = user.extend({ mfaRequired: z.boolean().optional(), mfaEnrolled: z.boolean().optional() });

/** Login: the user, or (an admin) `{mfaRequired: true, enrolled}` until the second factor is given. */
export const login = z.union([user, z.object({ mfaRequired: z.literal(true), enrolled: z.boolean() })]);

export const mfa = user.extend({ recoveryCodes: z.array(z.string()).nullable(), recoveryCodesLeft: z.number().int() });

export const mfaEnrolment = z.object({ secret: z.string(), otpauthUri: z.string() });

export const notifications = z.object({ moneyAlerts: z.boolean() });

export const session = z.object({ signedIn: z.boolean(), mfaRequired: z.boolean() });

export const transactionPinStatus = z.object({
  isSet: z.boolean(),
  locked: z.boolean(),
  lockedUntil: isoDateTime.nullable(),
  attemptsRemaining: z.number().int(),
});

/** GET /api/auth/limits (auth/profile.ts ownLimits): naira; `pending` a raise waiting its 24 hours. */
export const ownLimits = z.object({
  dailyLimit: koboAsNaira,
  levelLimit: koboAsNaira,
  pending: z.object({ dailyLimit: koboAsNaira, effectiveAt: dateTime }).nullable(),
});

/** PATCH /api/auth/limits and DELETE /api/auth/limits/pending: the limits after the change, with a message. */
export const ownLimitsChanged = ownLimits.extend({ message: z.string() });

/** GET /api/auth/devices: the user's devices (docs/product.md "Fraud controls"); `current` is the one asking. */
export const devices = z.object({
  devices: z.array(
    z.object({
      id,
      name: z.string(),
      firstSeen: dateTime,
      lastSeen: dateTime,
      trustedSince: dateTime.nullable(),
      current: z.boolean(),
    }),
  ),
});
