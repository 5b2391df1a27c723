import { z } from "zod";
import { optionalNigerianPhoneSchema, plainText } from "./text";
import { nonNegativeNairaAmount } from "./money-schema";

/**
 * Sign-in and registration rules, shared by the web forms and the server procedures.
 * Texts are docs/product.md#accounts-and-sessions word for word; e-mail normalisation is docs/decisions.md.
 */
export const MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  nameTooShort: "Name must be at least 2 characters",
  passwordsDoNotMatch: "Passwords do not match",
  invalidCredentials: "Invalid email or password",
  accountLocked: "Account locked",
  accountSuspended: "Account suspended",
  /** The last permitted attempts for this account are being checked right now. */
  loginAttemptsInFlight: "Too many sign-in attempts at once. Please try again in a moment.",
  emailTaken: "Email already registered",
  notAuthenticated: "Not authenticated",
  adminOnly: "Admin access required",
} as const;

/** Consecutive failed logins that lock an account (docs/decisions.md). */
export const MAX_FAILED_LOGINS = 5;
export const MIN_PASSWORD_LENGTH = 6;

/** Longest e-mail (RFC 5321 path limit); `username` is the e-mail, so the same bound. */
const MAX_EMAIL_LENGTH = 254;

/** Trimmed, lower-cased e-mail; the same value is the username. */
export const emailSchema = plainText({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH, { error: MESSAGES.invalidEmail }));

export const passwordSchema = plainText({ error: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(256, { error: "Password is too long" });

/**
 * Login form and payload: {email, password}; `username` (equal to email) is accepted in place of
 * `email` (docs/decisions.md). Parses to {email (normalised), password}.
 */
export const loginSchema = z.preprocess(
  (value) => {
    if (value && typeof value === "object" && !("email" in value && value.email) && "username" in value) {
      return { ...value, email: value.username };
    }
    return value;
  },
  z.object({ email: emailSchema, password: passwordSchema }),
);

const nameSchema = plainText({ error: MESSAGES.nameTooShort })
  .trim()
  .min(2, { error: MESSAGES.nameTooShort })
  .max(100, { error: "Name must be at most 100 characters" });

/**
 * Registration payload as the spec's client sends it: name, email, phone, password, username.
 * `phone` is optional; when given it must be Nigerian ('Phone number must be a valid Nigerian
 * number') and is stored as `0` + 10 digits. `username` (the e-mail again) is not stored.
 */
export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalNigerianPhoneSchema,
  password: passwordSchema,
  username: plainText().max(MAX_EMAIL_LENGTH, { error: "Username must be at most 254 characters" }).optional(),
});

/** The register form: the payload plus confirmPassword, which must match (shown on confirmPassword). */
export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    phone: optionalNigerianPhoneSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

/** The admin second factor (docs/admin-security.md): TOTP as RFC 6238 and one-time recovery codes. */
/** Password reset by e-mail (docs/product.md#accounts-and-sessions). */
export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the e-mail has an account. */
  sent: "If an account exists for this e-mail, a link to reset its password is on its way.",
  done: "Your password has been reset. Please sign in with the new one.",
  invalidLink: "This reset link is invalid or has expired. Ask for a new one.",
  subject: "Reset your Kolo password",
} as const;

/** A reset link is valid for 30 minutes and usable once. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;

/** POST /api/auth/forgot-password {email}. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password {token, password}: the link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: plainText({ error: PASSWORD_RESET_MESSAGES.invalidLink }).trim().min(20, { error: PASSWORD_RESET_MESSAGES.invalidLink }).max(200),
  password: passwordSchema,
});

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: passwordSchema })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordsDoNotMatch });

export const MFA_MESSAGES = {
  required: "Second factor required",
  invalidCode: "Invalid code",
  codeFormat: "Enter the 6-digit code from your authenticator app or a recovery code",
  /** {time}: how long until codes are checked again, e.g. '14 minutes'. */
  throttled: "Too many wrong codes. Try again in {time}.",
  alreadyEnrolled: "The second factor is already set up",
  notEnrolling: "Start the second factor set-up first",
  adminsOnly: "Only admin accounts use a second factor",
  /** {time}: how long until a password is checked again for this admin, e.g. '8 seconds'. */
  loginThrottled: "Too many failed sign-in attempts. Try again in {time}.",
} as const;

/** TOTP parameters (RFC 6238): 6 digits, 30 s steps, one step either side accepted. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Wrong codes allowed per window before codes stop being checked. */
export const MFA_MAX_FAILURES = 5;
export const MFA_WINDOW_MS = 15 * 60 * 1000;
export const MFA_RECOVERY_CODE_COUNT = 10;

/** POST /api/auth/mfa {code}: 6 digits, or a recovery code (10 letters or digits, a dash allowed after the 5th). */
export const mfaCodeSchema = z.object({
  code: plainText({ error: MFA_MESSAGES.codeFormat })
    .trim()
    .toLowerCase()
    .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { error: MFA_MESSAGES.codeFormat }),
});

/**
 * The profile and the password from /settings (docs/product.md "Settings"). The name can be
 * corrected until the BVN is verified, never after (it is the name the BVN matched).
 */
export const PROFILE_MESSAGES = {
  updated: "Profile updated",
  nameLocked: "Your name cannot be changed after your BVN is verified",
  passwordChanged: "Password changed. Other devices have been signed out.",
  wrongPassword: "Current password is incorrect",
  samePassword: "The new password must be different from the current one",
} as const;

/** PATCH /api/auth/profile {name?, phone?}: at least one; the name as at registration (2+ characters), the phone a Nigerian one (blank: unchanged). */
export const updateProfileSchema = z
  .object({ name: nameSchema.optional(), phone: optionalNigerianPhoneSchema })
  .refine((value) => value.name !== undefined || value.phone !== undefined, { message: "Nothing to update" });

/** POST /api/auth/password {currentPassword, newPassword}. */
export const changePasswordSchema = z.object({
  currentPassword: plainText({ error: PROFILE_MESSAGES.wrongPassword }).min(1, { error: PROFILE_MESSAGES.wrongPassword }).max(256),
  newPassword: passwordSchema,
});

/** PATCH /api/auth/limits {dailyLimit}: naira, ₦0 or more (the level's limit is checked by changeOwnDailyLimit). */
export const ownDailyLimitSchema = z.object({ dailyLimit: nonNegativeNairaAmount("Daily limit cannot be negative") });
