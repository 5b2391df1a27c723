// The one place tRPC is created: context, superjson, the error formatter and the procedure
// builders (public, protected, admin, feature-guarded). Every router builds on these.
import { type Database, type schema, findFeatureSetting } from "@kolo/db";
import { type FeatureKey, DomainError, FEATURE_DISABLED_MESSAGE, MESSAGES, isDomainError, isFeatureEnabled } from "@kolo/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { validateSessionToken } from "./auth/session";
import type { Services } from "./services";

/** Writes the session cookie on whatever transport carries the call (Fastify reply, test stub). */
export interface SessionCookieWriter {
  set: (token: string, expiresAt: Date) => void;
  clear: () => void;
}

export interface Context {
  db: Database;
  user: schema.User | null;
  session: schema.Session | null;
  cookies: SessionCookieWriter;
  services: Services;
}

export interface CreateContextOptions {
  db: Database;
  /** The raw session token from the cookie, if any. */
  sessionToken: string | undefined;
  cookies: SessionCookieWriter;
  services: Services;
}

/** Builds the per-request context: validates (and slides) the session, clears a dead cookie. */
export async function createContext(options: CreateContextOptions): Promise<Context> {
  const { db, sessionToken, cookies, services } = options;
  if (!sessionToken) return { db, user: null, session: null, cookies, services };
  const validated = await validateSessionToken(db, sessionToken);
  if (!validated) {
    cookies.clear();
    return { db, user: null, session: null, cookies, services };
  }
  if (validated.renewed) cookies.set(sessionToken, validated.session.expiresAt);
  return { db, user: validated.user, session: validated.session, cookies, services };
}

/**
 * What a client is told about a failed call, on tRPC and REST alike: for bad input the first
 * field's message and zod's flattened field errors; for a DomainError its message and details.
 */
export function publicError(error: TRPCError): { message: string; details: unknown } {
  if (error.cause instanceof ZodError) {
    return { message: error.cause.issues[0]?.message ?? "Invalid input", details: z.flattenError(error.cause).fieldErrors };
  }
  if (isDomainError(error.cause)) return { message: error.cause.message, details: error.cause.details ?? null };
  return { message: error.message, details: null };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const { message, details } = publicError(error);
    return { ...shape, message, data: { ...shape.data, details, stack: undefined } };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;

/** Turns a DomainError thrown anywhere below into a TRPCError with the matching code. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors);

/** Needs a valid session: UNAUTHORIZED 'Not authenticated' otherwise. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Admins only: FORBIDDEN 'Admin access required' otherwise. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: MESSAGES.adminOnly });
  return next();
});

/**
 * A protected procedure that also needs `key` switched on (spec 01 §6): admins pass regardless;
 * others get FORBIDDEN 'Feature disabled by administrator'.
 */
export const featureProcedure = (key: FeatureKey) =>
  protectedProcedure.use(async ({ ctx, next }) => {
    const setting = ctx.user.role === "admin" ? undefined : await findFeatureSetting(ctx.db, key);
    if (!isFeatureEnabled(setting ? [setting] : [], key, ctx.user.role)) {
      throw new DomainError("FORBIDDEN", FEATURE_DISABLED_MESSAGE, { feature: key });
    }
    return next();
  });
