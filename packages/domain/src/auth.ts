import { z } from "zod";

/**
 * Sign-in and registration rules, shared by the web forms and the server procedures.
 * Texts are spec 01 §5 word for word; e-mail normalisation is DECISIONS "Accounts and sign-in".
 */
export const MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  nameTooShort: "Name must be at least 2 characters",
  passwordsDoNotMatch: "Passwords do not match",
  invalidCredentials: "Invalid email or password",
  accountLocked: "Account locked",
  accountSuspended: "Account suspended",
  emailTaken: "Email already registered",
  notAuthenticated: "Not authenticated",
  adminOnly: "Admin access required",
} as const;

/** Consecutive failed logins that lock an account (DECISIONS). */
export const MAX_FAILED_LOGINS = 5;
export const MIN_PASSWORD_LENGTH = 6;

/** Trimmed, lower-cased e-mail; the same value is the username. */
export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(256, { error: "Password is too long" });

/**
 * Login form and payload: {email, password}; `username` (equal to email) is accepted in place of
 * `email` (DECISIONS). Parses to {email (normalised), password}.
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

const phoneSchema = z
  .string()
  .trim()
  .max(20, { error: "Phone number is too long" })
  .optional()
  .transform((value) => (value ? value : undefined));

/** Registration payload as the spec's client sends it: name, email, phone, password, username. */
export const registerSchema = z.object({
  name: z.string({ error: MESSAGES.nameTooShort }).trim().min(2, { error: MESSAGES.nameTooShort }).max(100),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  username: z.string().optional(),
});

/** The register form: the payload plus confirmPassword, which must match (shown on confirmPassword). */
export const registerFormSchema = z
  .object({
    name: z.string().trim().min(2, { error: MESSAGES.nameTooShort }),
    email: emailSchema,
    phone: z.string(),
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });
