// Test factories for router tests: a caller with a cookie jar, and users made through the
// real register procedure. Each test file passes its own database.
import { type Database, schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { type Services, createCaller, createContext } from "../src/index";

export interface CookieJar {
  token: string | undefined;
  expiresAt: Date | undefined;
  cleared: number;
}

export const testServices = (overrides: Partial<Services> = {}): Services => ({
  publicUrl: "http://localhost:3000",
  ...overrides,
} as Services);

/** A caller acting as the browser holding `jar`'s cookie. */
export async function callerWith(db: Database, jar: CookieJar = { token: undefined, expiresAt: undefined, cleared: 0 }, services = testServices()) {
  const ctx = await createContext({
    db,
    services,
    sessionToken: jar.token,
    cookies: {
      set: (token, expiresAt) => {
        jar.token = token;
        jar.expiresAt = expiresAt;
      },
      clear: () => {
        jar.token = undefined;
        jar.expiresAt = undefined;
        jar.cleared++;
      },
    },
  });
  return { caller: createCaller(ctx), jar };
}

let counter = 0;
/** Registers a fresh user; returns the user and a cookie jar holding its session. */
export async function registerUser(db: Database, overrides: { name?: string; email?: string; password?: string; role?: "admin" | "merchant" | "personal" } = {}, services = testServices()) {
  counter++;
  const jar: CookieJar = { token: undefined, expiresAt: undefined, cleared: 0 };
  const { caller } = await callerWith(db, jar, services);
  const password = overrides.password ?? "secret123";
  const user = await caller.auth.register({
    name: overrides.name ?? `Test User ${counter}`,
    email: overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password,
  });
  if (overrides.role) await db.update(schema.users).set({ role: overrides.role }).where(eq(schema.users.id, user.id));
  return { user: { ...user, role: overrides.role ?? user.role }, jar, password };
}

/** Expects `promise` to reject with a tRPC error of `code` and `message`. */
export async function expectTRPCError(promise: Promise<unknown>, code: string, message?: string) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code !== code) throw new Error(`Expected ${code} but got ${e.code}: ${e.message}`);
    if (message !== undefined && e.message !== message) throw new Error(`Expected message '${message}' but got '${e.message}'`);
    return error;
  }
  throw new Error(`Expected ${code} but the call succeeded`);
}
