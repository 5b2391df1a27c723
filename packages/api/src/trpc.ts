// The one place tRPC is created: context, superjson, the error formatter and the procedure
// builders (public, protected, admin, feature-guarded, PIN-guarded money-out). Every router builds on these.
import { type Database, featureSwitches, isDatabaseUnavailable, type schema } from "@kolo/db";
import {
  type FeatureKey,
  DomainError,
  FEATURE_DISABLED_MESSAGE,
  MESSAGES,
  MFA_MESSAGES,
  TRANSACTION_PIN_MESSAGES,
  isDomainError,
  isFeatureEnabled,
  wireErrorDetails,
} from "@kolo/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { assertMoneyOutAllowed } from "./auth/fraud";
import { validateSessionToken } from "./auth/session";
import { requireTransactionPin } from "./auth/transaction-pin";
import { INTERNAL_ERROR_MESSAGE, type PublicError, SERVICE_UNAVAILABLE_MESSAGE } from "./public-error";
import type { ProcedureMeta } from "./rest-meta";
import type { Services } from "./services";
import { type SuperJsonPayload, serializeAnswer } from "./wire-json";

/** Writes the session cookie on whatever transport carries the call (Fastify reply, test stub). */
export interface SessionCookieWriter {
  set: (token: string, expiresAt: Date) => void;
  clear: () => void;
  /** Sets the long-lived device cookie (new-device notices, notifications/alerts.ts); absent where there is no browser. */
  setDevice?: (token: string) => void;
}

export interface Context {
  db: Database;
  user: schema.User | null;
  session: schema.Session | null;
  /**
   * An admin's session before the second factor was given (docs/admin-security.md): it may only
   * finish signing in (auth.me, auth.mfa, auth.mfaEnrol, logout); every other procedure refuses it.
   */
  mfaPending: boolean;
  cookies: SessionCookieWriter;
  services: Services;
  /** The request's X-Transaction-PIN header, if any (docs/product.md "Transaction PIN"). */
  transactionPinHeader?: string;
  /** The device cookie's token and the User-Agent header, for the new-device notice. */
  deviceToken?: string;
  userAgent?: string;
}

export interface CreateContextOptions {
  db: Database;
  /** The raw session token from the cookie, if any. */
  sessionToken: string | undefined;
  cookies: SessionCookieWriter;
  services: Services;
  /** The X-Transaction-PIN header, if sent. */
  transactionPinHeader?: string;
  deviceToken?: string;
  userAgent?: string;
}

/** Builds the per-request context: validates (and slides) the session, clears a dead cookie. */
export async function createContext(options: CreateContextOptions): Promise<Context> {
  const { db, sessionToken, cookies, services, transactionPinHeader, deviceToken, userAgent } = options;
  const request = { cookies, services, transactionPinHeader, deviceToken, userAgent };
  if (!sessionToken) return { db, user: null, session: null, mfaPending: false, ...request };
  const validated = await validateSessionToken(db, sessionToken);
  if (!validated) {
    cookies.clear();
    return { db, user: null, session: null, mfaPending: false, ...request };
  }
  if (validated.renewed) cookies.set(sessionToken, validated.session.expiresAt);
  const mfaPending = validated.user.role === "admin" && !validated.session.mfaVerified;
  return { db, user: validated.user, session: validated.session, mfaPending, ...request };
}

export { INTERNAL_ERROR_MESSAGE, type PublicError, SERVICE_UNAVAILABLE_MESSAGE } from "./public-error";

/**
 * What a client is told about a failed call, on tRPC and REST alike (docs/decisions.md:
 * internal errors never reach the client): for bad input the first field's message and zod's
 * flattened field errors; for a DomainError its code, message and details; for an unavailable
 * database 'Service temporarily unavailable' (SERVICE_UNAVAILABLE); for a fault
 * (INTERNAL_SERVER_ERROR, or any error that is neither) only 'Internal server error'.
 */
export function publicError(error: TRPCError): PublicError {
  if (error.cause instanceof ZodError) {
    return { code: "VALIDATION", message: error.cause.issues[0]?.message ?? "Invalid input", details: z.flattenError(error.cause).fieldErrors };
  }
  if (isDomainError(error.cause)) return { code: error.cause.code, message: error.cause.message, details: wireErrorDetails(error.cause.details ?? null) };
  // A slow, busy or unreachable database: a clear 503, not an internal error.
  if (isDatabaseUnavailable(error)) return { code: "SERVICE_UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE, details: null };
  if (error.code === "INTERNAL_SERVER_ERROR") return { code: "INTERNAL", message: INTERNAL_ERROR_MESSAGE, details: null };
  // tRPC's own protocol errors (unknown procedure, bad batch, unsupported method): safe to show.
  return { code: "HTTP", message: error.message, details: null };
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson both ways; answers written by serializeAnswer, the same payloads faster (wire-json.ts).
    transformer: {
      input: superjson,
      output: { serialize: serializeAnswer, deserialize: (payload: SuperJsonPayload): unknown => superjson.deserialize(payload) },
    },
    // Subscriptions over Server-Sent Events (docs/product.md "Live updates"): a comment line every
    // 25 s keeps proxies from closing an idle stream; a client that hears nothing for a minute reconnects.
    sse: { ping: { enabled: true, intervalMs: 25_000 }, client: { reconnectAfterInactivityMs: 60_000 } },
    errorFormatter({ shape, error }) {
      const { message, details, code } = publicError(error);
      // No stack key at all: internals never reach the client (docs/decisions.md).
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message, data: { ...data, details, domainCode: code } };
    },
  });

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;

/** Turns a DomainError thrown anywhere below into a TRPCError with the matching code. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.transportCode, message: cause.message, cause });
  }
  return result;
});

/** No session needed (access `public`). */
export const publicProcedure = t.procedure.use(domainErrors).meta({ access: "public" });

/**
 * Needs a valid session, even an admin's before the second factor: only for finishing sign-in
 * (auth.me, auth.mfa, auth.mfaEnrol). UNAUTHORIZED 'Not authenticated' otherwise.
 */
export const sessionProcedure = publicProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user || !ctx.session) throw new DomainError("UNAUTHENTICATED", MESSAGES.notAuthenticated);
    return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
  })
  .meta({ access: "user" });

/**
 * Needs a complete session: UNAUTHORIZED 'Not authenticated' without one; FORBIDDEN (MFA_REQUIRED)
 * 'Second factor required' for an admin session whose second factor was not given yet.
 */
export const protectedProcedure = sessionProcedure
  .use(({ ctx, next }) => {
    if (ctx.mfaPending) throw new DomainError("MFA_REQUIRED", MFA_MESSAGES.required);
    return next();
  })
  .meta({ access: "user" });

/** Admins whose session passed the second factor only: FORBIDDEN 'Admin access required' for other roles (MFA_REQUIRED before the code, see protectedProcedure). */
export const adminProcedure = protectedProcedure
  .use(({ ctx, next }) => {
    if (ctx.user.role !== "admin") throw new DomainError("FORBIDDEN", MESSAGES.adminOnly);
    return next();
  })
  .meta({ access: "admin" });

/**
 * A protected procedure that also needs every switch of `keys` on (docs/product.md): admins pass
 * regardless; others get FORBIDDEN 'Feature disabled by administrator' {feature: the first one off}.
 * A bank transfer is a payout, so it needs both feature_send_money and feature_withdraw
 * (docs/decisions.md "Security, second round").
 */
export const featureProcedure = (...keys: [FeatureKey, ...FeatureKey[]]) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    await assertFeatures(ctx, ctx.user, keys);
    return next();
  });

/** featureProcedure's check, for a public procedure that needs a switch on only for its signed-in branch. */
export async function assertFeatures(ctx: Pick<Context, "db">, user: Pick<schema.User, "role">, keys: readonly FeatureKey[]): Promise<void> {
  if (user.role === "admin") return;
  for (const key of keys) {
    // From the in-process switch cache (invalidated through LISTEN/NOTIFY): no query per call.
    const value = await featureSwitches(ctx.db).get(key);
    if (!isFeatureEnabled(value === undefined ? [] : [{ key, value }], key, user.role)) {
      throw new DomainError("FEATURE_DISABLED", FEATURE_DISABLED_MESSAGE, { feature: key });
    }
  }
}

/**
 * A money-out procedure (docs/product.md "Fraud controls"): featureProcedure(...keys), then the
 * fraud guard (assertMoneyOutAllowed): FORBIDDEN ACCOUNT_FROZEN while the account is frozen,
 * FORBIDDEN DEVICE_NOT_TRUSTED from a device not trusted yet. Every route that sends money out of
 * a wallet is built on it (pinProcedure, and the merchant withdrawal).
 */
export const moneyOutProcedure = (...keys: [FeatureKey, ...FeatureKey[]]) =>
  featureProcedure(...keys).use(async ({ ctx, next }) => {
    await assertMoneyOutAllowed(ctx.db, ctx.user, ctx.session);
    return next();
  });

export const TRANSACTION_PINS_DIFFER = "The X-Transaction-PIN header and the body's transactionPin differ";

/**
 * A money-out procedure with the PIN (docs/product.md "Transaction PIN"): moneyOutProcedure(...keys), then, before
 * the input is looked at, the PIN from the X-Transaction-PIN header or the input's `transactionPin`
 * (both and different: VALIDATION) through requireTransactionPin: nothing is asked of a user
 * without a PIN; otherwise PIN_REQUIRED, PIN_INCORRECT {attemptsRemaining} or PIN_LOCKED (403).
 */
export const pinProcedure = (...keys: [FeatureKey, ...FeatureKey[]]) =>
  moneyOutProcedure(...keys).use(async ({ ctx, next, getRawInput }) => {
    await assertTransactionPin(ctx, ctx.user.id, await getRawInput());
    return next();
  });

/** pinProcedure's check of the PIN (header or the raw input's `transactionPin`) for user `userId`. */
export async function assertTransactionPin(ctx: Pick<Context, "db" | "services" | "transactionPinHeader">, userId: number, raw: unknown): Promise<void> {
  const fromBody = typeof raw === "object" && raw !== null && "transactionPin" in raw ? raw.transactionPin : undefined;
  const fromHeader = ctx.transactionPinHeader;
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw new DomainError("VALIDATION", TRANSACTION_PINS_DIFFER, { transactionPin: [TRANSACTION_PINS_DIFFER] });
  }
  const pin = fromHeader ?? fromBody;
  if (pin !== undefined && (typeof pin !== "string" || !/^\d{4}$/.test(pin))) {
    throw new DomainError("VALIDATION", TRANSACTION_PIN_MESSAGES.format, { transactionPin: [TRANSACTION_PIN_MESSAGES.format] });
  }
  await requireTransactionPin(ctx.db, ctx.services, userId, pin);
}
