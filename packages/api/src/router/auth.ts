import {
  claimLoginAttempt,
  deleteUserSessions,
  ensureUserWallet,
  findUserByEmail,
  insertUser,
  lockAfterFailedLogin,
  recordSuccessfulLogin,
} from "@kolo/db";
import { DomainError, MAX_FAILED_LOGINS, MESSAGES, loginSchema, registerSchema } from "@kolo/domain";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../auth/password";
import { createSession, generateSessionToken, invalidateSession } from "../auth/session";
import { type Context, protectedProcedure, publicProcedure, router } from "../trpc";
import { toPublicUser } from "../users";

async function startSession(ctx: Context, userId: number) {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  ctx.cookies.set(token, session.expiresAt);
}

/** Sign-in (spec 01 §§2, 4, 5, 7, 8; DECISIONS "Accounts and sign-in"). */
export const authRouter = router({
  /**
   * {name, email, phone?, password, username?} -> PublicUser, and a session cookie.
   * Errors: BAD_REQUEST with field errors; CONFLICT 'Email already registered'.
   */
  register: publicProcedure.input(registerSchema).mutation(async ({ ctx, input }) => {
    const passwordHash = await hashPassword(input.password);
    const user = await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash });
      if (created) await ensureUserWallet(tx, created.id);
      return created;
    });
    if (!user) throw new DomainError("EMAIL_TAKEN", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    await startSession(ctx, user.id);
    return toPublicUser(ctx.db, user);
  }),

  /**
   * {email | username, password} -> PublicUser, and a session cookie.
   * Errors: UNAUTHORIZED 'Invalid email or password' (whichever was wrong); FORBIDDEN
   * 'Account suspended' / 'Account locked'; TOO_MANY_REQUESTS while the last permitted attempts
   * are being checked by concurrent calls. The 5th consecutive failure locks the account.
   * Each attempt is claimed (counted) before the password is checked, so concurrent guesses
   * (a batch, parallel requests) never get more than 5 passwords evaluated (issue 7).
   */
  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const claimed = await claimLoginAttempt(ctx.db, input.email, MAX_FAILED_LOGINS);
    if (!claimed) {
      const user = await findUserByEmail(ctx.db, input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
      }
      if (user.status === "suspended") throw new DomainError("ACCOUNT_SUSPENDED", MESSAGES.accountSuspended);
      if (user.status === "locked") throw new DomainError("ACCOUNT_LOCKED", MESSAGES.accountLocked);
      // Active, but the last permitted attempts are being checked right now: not evaluated.
      throw new DomainError("RATE_LIMITED", MESSAGES.loginAttemptsInFlight);
    }
    if (!(await verifyPassword(claimed.passwordHash, input.password))) {
      if (await lockAfterFailedLogin(ctx.db, claimed.id, MAX_FAILED_LOGINS)) await deleteUserSessions(ctx.db, claimed.id);
      throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
    }
    const user = await recordSuccessfulLogin(ctx.db, claimed.id);
    if (!user) {
      // Suspended, or locked by concurrent wrong guesses while this password was checked.
      const now = await findUserByEmail(ctx.db, input.email);
      if (now?.status === "suspended") throw new DomainError("ACCOUNT_SUSPENDED", MESSAGES.accountSuspended);
      throw new DomainError("ACCOUNT_LOCKED", MESSAGES.accountLocked);
    }
    await startSession(ctx, user.id);
    return toPublicUser(ctx.db, user);
  }),

  /** Ends the current session, if any, and clears the cookie. Always succeeds. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clear();
    return { message: "Logged out" };
  }),

  /** The signed-in user (the session was validated and slid forward in the context). */
  me: protectedProcedure.query(({ ctx }) => toPublicUser(ctx.db, ctx.user)),
});
