import {
  afterFailedLogin,
  claimLoginAttempt,
  deleteUserSessions,
  ensureUserWallet,
  findUserByEmail,
  insertUser,
  recordSuccessfulLogin,
  type schema,
} from "@kolo/db";
import { z } from "zod";
import {
  DomainError,
  MAX_FAILED_LOGINS,
  MESSAGES,
  PASSWORD_RESET_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  mfaCodeSchema,
  registerSchema,
  changeTransactionPinSchema,
  changePasswordSchema,
  ownDailyLimitSchema,
  updateProfileSchema,
  deviceIdSchema,
  trustDeviceSchema,
  unfreezeSchema,
  resetPasswordSchema,
  resetTransactionPinSchema,
  setTransactionPinSchema,
} from "@kolo/domain";
import {
  freezeAccount,
  freezeWithPassword,
  listDevices,
  removeDevice,
  sendDeviceCode,
  startFirstDayCap,
  trustCurrentDevice,
  unfreezeAccount,
} from "../auth/fraud";
import { completeSecondFactor, startTotpEnrolment } from "../auth/mfa";
import { adminThrottled } from "../auth/password-attempts";
import { cancelPendingOwnLimit, changeOwnLimit, changePassword, ownLimits, updateProfile } from "../auth/profile";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../auth/password";
import { requestPasswordReset, resetPassword } from "../auth/password-reset";
import { createSession, generateSessionToken, invalidateSession } from "../auth/session";
import { changeTransactionPin, resetTransactionPin, sendPinResetCode, setTransactionPin, transactionPinStatus } from "../auth/transaction-pin";
import { newDeviceToken, noteSignIn, updateNotificationSettings } from "../notifications/alerts";
import { type Context, protectedProcedure, publicProcedure, router, sessionProcedure } from "../trpc";
import { toPublicUser } from "../users";
import { message } from "./common.types";
import * as out from "./auth.types";

/**
 * Opens a session for `user` (the session cookie) on the browser's device (the device cookie,
 * set when absent): a sign-in (`notify`) from a browser not seen before for this user e-mails the
 * new-device notice (notifications/alerts.ts); the registration records it, trusted
 * (docs/product.md "Fraud controls").
 */
async function startSession(ctx: Context, user: schema.User, notify: boolean) {
  const deviceToken = ctx.deviceToken ?? newDeviceToken();
  if (!ctx.deviceToken) ctx.cookies.setDevice?.(deviceToken);
  const device = await noteSignIn(ctx.db, ctx.services, { user, deviceToken, userAgent: ctx.userAgent ?? null, notify });
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id, new Date(), device.id);
  ctx.cookies.set(token, session.expiresAt);
}

/** Sign-in (docs/product.md#accounts-and-sessions; docs/decisions.md). */
export const authRouter = router({
  /**
   * {name, email, phone?, password, username?} -> PublicUser, and a session cookie.
   * Errors: BAD_REQUEST with field errors; CONFLICT 'Email already registered'.
   */
  register: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/register",
        tag: "Auth",
        summary: "Create a personal account and sign in",
        status: 201,
        errors: [409, 429],
      },
    })
    .input(registerSchema)
    .output(out.user)
    .mutation(async ({ ctx, input }) => {
      const passwordHash = await hashPassword(input.password);
      const user = await ctx.db.transaction(async (tx) => {
        const created = await insertUser(tx, { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash });
        if (created) {
          await ensureUserWallet(tx, created.id);
          await startFirstDayCap(tx, created.id, ctx.services.now?.() ?? new Date());
        }
        return created;
      });
      if (!user) throw new DomainError("EMAIL_TAKEN", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
      await startSession(ctx, user, false);
      return toPublicUser(ctx.db, user);
    }),

  /**
   * {email | username, password} -> PublicUser, and a session cookie; for an admin
   * {mfaRequired: true, enrolled} and a session that is not admin until POST /api/auth/mfa
   * (docs/admin-security.md). Errors: UNAUTHORIZED 'Invalid email or password' (whichever was
   * wrong); FORBIDDEN 'Account suspended' / 'Account locked'; TOO_MANY_REQUESTS while the last
   * permitted attempts are being checked by concurrent calls, or (admins) while the throttle
   * runs: 'Too many failed sign-in attempts. Try again in {time}.' {retryAfterSeconds}.
   * Personal and merchant accounts lock at the 5th consecutive failure; admins are never locked:
   * each consecutive failure doubles the wait before the next password is checked (1 s, 2 s, …,
   * 15 min). Each attempt is claimed before the password is checked, so concurrent guesses never
   * get more passwords evaluated.
   */
  login: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/login",
        tag: "Auth",
        summary: "Sign in with e-mail and password; an admin then gives the second factor",
        errors: [401, 403, 429],
      },
    })
    .input(loginSchema)
    .output(out.login)
    .mutation(async ({ ctx, input }) => {
      const claimed = await claimLoginAttempt(ctx.db, input.email, MAX_FAILED_LOGINS);
      if (!claimed) {
        const user = await findUserByEmail(ctx.db, input.email);
        if (!user) {
          await verifyAgainstDummy(input.password);
          throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
        }
        if (user.status === "suspended") throw new DomainError("ACCOUNT_SUSPENDED", MESSAGES.accountSuspended);
        if (user.status === "locked") throw new DomainError("ACCOUNT_LOCKED", MESSAGES.accountLocked);
        if (user.role === "admin") throw await adminThrottled(ctx.db, user.id);
        // Active, but the last permitted attempts are being checked right now: not evaluated.
        throw new DomainError("RATE_LIMITED", MESSAGES.loginAttemptsInFlight);
      }
      if (!(await verifyPassword(claimed.passwordHash, input.password))) {
        if ((await afterFailedLogin(ctx.db, claimed.id, MAX_FAILED_LOGINS)) === "locked") await deleteUserSessions(ctx.db, claimed.id);
        throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
      }
      const user = await recordSuccessfulLogin(ctx.db, claimed.id);
      if (!user) {
        // Suspended, or locked by concurrent wrong guesses while this password was checked.
        const now = await findUserByEmail(ctx.db, input.email);
        if (now?.status === "suspended") throw new DomainError("ACCOUNT_SUSPENDED", MESSAGES.accountSuspended);
        throw new DomainError("ACCOUNT_LOCKED", MESSAGES.accountLocked);
      }
      await startSession(ctx, user, true);
      if (user.role === "admin") return { mfaRequired: true as const, enrolled: user.totpSecret !== null };
      return toPublicUser(ctx.db, user);
    }),

  /**
   * POST /api/auth/forgot-password {email} -> {message}: e-mails a reset link valid for 30 minutes
   * when the e-mail has an account; the same answer either way (requestPasswordReset). Rate-limited
   * per address like sign-in (security.ts).
   */
  forgotPassword: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/forgot-password",
        tag: "Auth",
        summary: "E-mail a password-reset link (valid 30 minutes, usable once); the same answer whether or not the e-mail has an account",
        errors: [429],
      },
    })
    .input(forgotPasswordSchema)
    .output(message)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx.db, ctx.services, input.email);
      return { message: PASSWORD_RESET_MESSAGES.sent };
    }),

  /**
   * POST /api/auth/reset-password {token, password} -> {message}: the new password (6+ characters);
   * every session of the user ends (resetPassword). Errors: VALIDATION for a bad password, or
   * 'This reset link is invalid or has expired. Ask for a new one.'
   */
  resetPassword: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/reset-password",
        tag: "Auth",
        summary: "Set a new password with a reset link's token; every session of the user ends",
        errors: [429],
      },
    })
    .input(resetPasswordSchema)
    .output(message)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, { token: input.token, password: input.password, now: ctx.services.now?.() });
      return { message: PASSWORD_RESET_MESSAGES.done };
    }),

  /** GET /api/auth/notifications -> {moneyAlerts}: whether every credit and debit is e-mailed (docs/product.md "E-mail alerts"). */
  notifications: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/notifications",
        tag: "Auth",
        summary: "Whether every credit and debit is e-mailed (money alerts)",
        description: "docs/product.md 'E-mail alerts'",
      },
    })
    .output(out.notifications)
    .query(({ ctx }) => ({ moneyAlerts: ctx.user.moneyAlerts })),

  /** PATCH /api/auth/notifications {moneyAlerts} -> {moneyAlerts}. */
  updateNotifications: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/auth/notifications",
        tag: "Auth",
        summary: "Turn money alerts by e-mail on or off",
      },
    })
    .input(z.object({ moneyAlerts: z.boolean() }))

    .output(out.notifications)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx.db, ctx.user.id, input)),

  /**
   * GET /api/auth/limits -> {dailyLimit, levelLimit, pending: {dailyLimit, effectiveAt} | null}
   * (naira): the daily limit for money out in force (the user's own, or the level's when none is
   * set), the level's, and a raise waiting its 24 hours (docs/product.md "Limits the user sets").
   */
  limits: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/limits",
        tag: "Auth",
        summary: "The daily limit for money out the user set, the level's limit, and a raise still waiting",
        description: "docs/product.md 'Limits the user sets'",
      },
    })
    .output(out.ownLimits)
    .query(({ ctx }) => ownLimits(ctx.services, ctx.user)),

  /**
   * PATCH /api/auth/limits {dailyLimit (naira, ₦0 to the level's limit)} -> {message, dailyLimit,
   * levelLimit, pending}: lowering applies at once, raising waits 24 hours (changeOwnLimit).
   * Errors: VALIDATION 'Daily limit must be between ₦0 and ₦{level's limit}'.
   */
  setLimits: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/auth/limits",
        tag: "Auth",
        summary: "Set the daily limit for money out: lower at once, higher after 24 hours (pending, cancellable)",
        description: "docs/product.md 'Limits the user sets'",
      },
    })
    .input(ownDailyLimitSchema)
    .output(out.ownLimitsChanged)
    .mutation(({ ctx, input }) => changeOwnLimit(ctx.db, ctx.services, ctx.user, input.dailyLimit)),

  /** DELETE /api/auth/limits/pending -> {message, dailyLimit, levelLimit, pending: null}: drops a raise not yet in force. */
  cancelPendingLimit: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/auth/limits/pending",
        tag: "Auth",
        summary: "Cancel a raise of the daily limit that is still waiting its 24 hours",
        description: "docs/product.md 'Limits the user sets'",
      },
    })
    .output(out.ownLimitsChanged)
    .mutation(({ ctx }) => cancelPendingOwnLimit(ctx.db, ctx.services, ctx.user)),

  /** GET /api/auth/devices -> {devices: [{id, name, firstSeen, lastSeen, trustedSince, current}]} (listDevices). */
  devices: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/devices",
        tag: "Auth",
        summary: "The browsers the user signed in from: name, first and last seen, trusted since",
        description: "docs/product.md 'Fraud controls'",
      },
    })
    .output(out.devices)
    .query(({ ctx }) => listDevices(ctx.db, ctx.user, ctx.session)),

  /** DELETE /api/auth/devices/{id} -> {message: 'Device removed'}: its sessions end (removeDevice). 404 for an unknown id. */
  removeDevice: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/auth/devices/:id",
        tag: "Auth",
        summary: "Remove a device: its sessions end and it is no longer trusted",
        description: "docs/product.md 'Fraud controls'",
        errors: [404],
      },
    })
    .input(deviceIdSchema)
    .output(message)
    .mutation(({ ctx, input }) => removeDevice(ctx.db, ctx.user, input.id)),

  /**
   * POST /api/auth/devices/current/code -> {message}: e-mails a 6-digit code (10 minutes, 5 tries)
   * that trusts this device (sendDeviceCode). 400 when it is trusted already; 429 within a minute of the last code.
   */
  sendDeviceCode: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/devices/current/code",
        tag: "Auth",
        summary: "E-mail a code that makes this device trusted for money out",
        description: "docs/product.md 'Fraud controls'",
        errors: [429],
      },
    })
    .output(message)
    .mutation(({ ctx }) => sendDeviceCode(ctx.db, ctx.services, ctx.user, ctx.session)),

  /**
   * POST /api/auth/devices/current/trust {code} -> {message: 'This device is now trusted'}; the
   * first-day cap runs for 24 hours (trustCurrentDevice). 400 for a wrong or expired code.
   */
  trustDevice: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/devices/current/trust",
        tag: "Auth",
        summary: "Trust this device with the e-mailed code",
        description: "docs/product.md 'Fraud controls'",
      },
    })
    .input(trustDeviceSchema)
    .output(message)
    .mutation(({ ctx, input }) => trustCurrentDevice(ctx.db, ctx.services, ctx.user, ctx.session, input.code)),

  /** POST /api/auth/freeze -> {message}: no money out until unfrozen; every other session ends (freezeAccount). */
  freeze: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/freeze",
        tag: "Auth",
        summary: "Freeze the account: money out stops and every other session ends",
        description: "docs/product.md 'Fraud controls'",
      },
    })
    .output(message)
    .mutation(({ ctx }) => freezeAccount(ctx.db, ctx.services, ctx.user, ctx.session)),

  /**
   * POST /api/auth/freeze/password {email, password} -> {message}, signed out (a phone already
   * stolen): freezes and ends every session (freezeWithPassword). 401 'Invalid email or password'.
   */
  freezeWithPassword: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/freeze/password",
        tag: "Auth",
        summary: "Freeze the account with e-mail and password, from the sign-in screen; every session ends",
        description: "docs/product.md 'Fraud controls'",
        errors: [401, 403, 429],
      },
    })
    .input(loginSchema)
    .output(message)
    .mutation(({ ctx, input }) => freezeWithPassword(ctx.db, ctx.services, input)),

  /**
   * POST /api/auth/unfreeze {password, code?} -> {message}: the password alone e-mails a code; with
   * the code the account is unfrozen and the first-day cap runs 24 hours (unfreezeAccount).
   */
  unfreeze: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/unfreeze",
        tag: "Auth",
        summary: "Unfreeze with the password and an e-mailed code (the password alone sends the code)",
        description: "docs/product.md 'Fraud controls'",
        errors: [403, 429],
      },
    })
    .input(unfreezeSchema)
    .output(message)
    .mutation(({ ctx, input }) => unfreezeAccount(ctx.db, ctx.services, ctx.user, input)),

  /**
   * PATCH /api/auth/profile {name?, phone?} -> PublicUser. The name only until the BVN is verified:
   * CONFLICT (409) 'Your name cannot be changed after your BVN is verified' after (updateProfile).
   */
  updateProfile: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/auth/profile",
        tag: "Auth",
        summary: "Change the profile: the name until the BVN is verified, the phone at any time",
        description: "docs/product.md 'Settings'",
        errors: [409],
      },
    })
    .input(updateProfileSchema)
    .output(out.user)
    .mutation(async ({ ctx, input }) => toPublicUser(ctx.db, await updateProfile(ctx.db, ctx.user, input))),

  /**
   * POST /api/auth/password {currentPassword, newPassword} -> {message}: every other session ends,
   * this one stays (changePassword). Errors: 400 'Current password is incorrect' (counted as a
   * failed sign-in), 429 while the sign-in throttle runs, 403 once the account is locked.
   */
  changePassword: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/password",
        tag: "Auth",
        summary: "Change the password with the current one; other devices are signed out",
        description: "docs/product.md 'Settings'",
        errors: [429],
      },
    })
    .input(changePasswordSchema)
    .output(message)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.user, ctx.session.id, input)),

  /** GET /api/auth/transaction-pin -> {isSet, locked, lockedUntil (ISO or null), attemptsRemaining} (auth/transaction-pin.ts). */
  transactionPin: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/transaction-pin",
        tag: "Auth",
        summary: "Whether a transaction PIN is set, and whether payments are locked by wrong PINs",
        description: "docs/product.md 'Transaction PIN'",
      },
    })
    .output(out.transactionPinStatus)
    .query(({ ctx }) => transactionPinStatus(ctx.db, ctx.services, ctx.user.id)),

  /** POST /api/auth/transaction-pin {pin} -> {message}: the first PIN; weak PINs refused (VALIDATION); CONFLICT once one is set. */
  setTransactionPin: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/transaction-pin",
        tag: "Auth",
        summary: "Set the transaction PIN (4 digits, not 0000, 1234, repeated or sequential); once set, every debit needs it",
        errors: [409],
      },
    })
    .input(setTransactionPinSchema)
    .output(message)
    .mutation(({ ctx, input }) => setTransactionPin(ctx.db, ctx.user.id, input.pin)),

  /** PATCH /api/auth/transaction-pin {currentPin, pin} -> {message}: a wrong current PIN counts towards the lock (403 'Incorrect PIN'). */
  changeTransactionPin: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/auth/transaction-pin",
        tag: "Auth",
        summary: "Change the transaction PIN with the current one (a wrong one counts towards the lock)",
        errors: [403],
      },
    })
    .input(changeTransactionPinSchema)

    .output(message)
    .mutation(({ ctx, input }) => changeTransactionPin(ctx.db, ctx.services, ctx.user.id, input)),

  /** POST /api/auth/transaction-pin/reset-code -> {message}: e-mails a 6-digit code valid for 15 minutes. */
  sendPinResetCode: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/transaction-pin/reset-code",
        tag: "Auth",
        summary: "E-mail a 6-digit code to reset the transaction PIN (valid 15 minutes)",
        description: "docs/product.md 'Transaction PIN'; at most 3 codes an hour per user (429 past them).",
        errors: [429],
      },
    })
    .output(message)
    .mutation(({ ctx }) => sendPinResetCode(ctx.db, ctx.services, ctx.user)),

  /** POST /api/auth/transaction-pin/reset {password, code, pin} -> {message}: a new PIN with the password and the e-mailed code; ends a payment lock. */
  resetTransactionPin: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/transaction-pin/reset",
        tag: "Auth",
        summary: "Reset the transaction PIN with the password and the e-mailed code; ends a payment lock",
        description:
          "docs/product.md 'Transaction PIN'; the password counts towards the account's sign-in lock or throttle (429 while it runs or 403 once locked).",
        errors: [403, 429],
      },
    })
    .input(resetTransactionPinSchema)

    .output(message)
    .mutation(({ ctx, input }) => resetTransactionPin(ctx.db, ctx.services, ctx.user, input)),

  /**
   * POST /api/auth/mfa/enrol: an admin not yet enrolled starts the second factor's set-up on a
   * signed-in session -> {secret (base32), otpauthUri} for the QR code; the set-up is confirmed
   * by the first code given to auth.mfa. Errors: FORBIDDEN for non-admins, RULE_VIOLATION once
   * enrolled.
   */
  mfaEnrol: sessionProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/mfa/enrol",
        tag: "Auth",
        summary: "Start an admin's second-factor enrolment: a new TOTP secret",
        errors: [409],
      },
    })
    .output(out.mfaEnrolment)
    .mutation(({ ctx }) => startTotpEnrolment(ctx.db, ctx.user)),

  /**
   * POST /api/auth/mfa {code}: an admin's TOTP code (6 digits) or recovery code completes the
   * sign-in: the session becomes an admin session -> PublicUser & {recoveryCodes (the 10 codes,
   * only when this code confirmed the enrolment; null otherwise), recoveryCodesLeft}. Errors: see
   * completeSecondFactor ('Invalid code', 'Too many wrong codes. Try again in {time}.').
   */
  mfa: sessionProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/mfa",
        tag: "Auth",
        summary: "Give an admin's second factor (TOTP code or recovery code)",
        description: "docs/admin-security.md",
        errors: [429],
      },
    })
    .input(mfaCodeSchema)
    .output(out.mfa)
    .mutation(async ({ ctx, input }) => {
      const result = await completeSecondFactor(ctx.db, {
        user: ctx.user,
        sessionId: ctx.session.id,
        code: input.code,
        now: ctx.services.now?.() ?? new Date(),
      });
      return { ...(await toPublicUser(ctx.db, ctx.user)), ...result };
    }),

  /** Ends the current session, if any, and clears the cookie. Always succeeds. */
  logout: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/logout",
        tag: "Auth",
        summary: "Sign out (ends the session)",
      },
    })
    .output(message)
    .mutation(async ({ ctx }) => {
      if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
      ctx.cookies.clear();
      return { message: "Logged out" };
    }),

  /**
   * Sign out of all devices (POST /api/auth/logout-all, docs/product.md "Accounts and sessions"):
   * ends every session of the signed-in user, this one included, and clears the cookie; their open
   * event streams close on every server (a `session` event per session, drizzle/0031). Answers as
   * logout does: {message: 'Logged out'}. Errors: UNAUTHORIZED without a session; MFA_REQUIRED on
   * an admin session before its second factor (a password alone cannot sign the admin out elsewhere).
   */
  logoutAll: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/logout-all",
        tag: "Auth",
        summary: "Sign out of all devices (ends every session of the user, this one included; their event streams close)",
      },
    })
    .output(message)
    .mutation(async ({ ctx }) => {
      await deleteUserSessions(ctx.db, ctx.user.id);
      ctx.cookies.clear();
      return { message: "Logged out" };
    }),

  /**
   * The signed-in user (the session was validated and slid forward in the context), with
   * `mfaRequired: true` and `mfaEnrolled` on an admin session still waiting for its second factor.
   */
  /**
   * Whether this request carries a session, without an error when it does not: {signedIn: false},
   * or {signedIn: true, mfaRequired} (an admin before the second factor, docs/admin-security.md).
   * The sign-in screens ask this rather than auth.me, whose 401 a signed-out visitor's browser
   * logs as an error (docs/performance.md "Phone experience").
   */
  session: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/session",
        tag: "Auth",
        summary: "Whether the request is signed in (200 either way), and whether the second factor is still due",
      },
    })
    .output(out.session)
    .query(({ ctx }) =>
      ctx.user && ctx.session ? { signedIn: true as const, mfaRequired: ctx.mfaPending === true } : { signedIn: false as const, mfaRequired: false },
    ),

  me: sessionProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/me",
        tag: "Auth",
        summary: "The signed-in user",
      },
    })
    .output(out.me)
    .query(async ({ ctx }) => ({
      ...(await toPublicUser(ctx.db, ctx.user)),
      ...(ctx.mfaPending ? { mfaRequired: true as const, mfaEnrolled: ctx.user.totpSecret !== null } : {}),
    })),
});
