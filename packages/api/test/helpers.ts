// Test factories for router tests: a caller with a cookie jar, and users made through the
// real register procedure. Each test file passes its own database. Exported as @kolo/api/testing
// (the server's tests fund wallets with fundUser).
import { type Database, insertTransaction, schema } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { ZodError } from "zod";
import { type PaymentGateway, PaystackClient, VtpassClient } from "@kolo/providers";
import { type Services, createCaller, createContext, recordingScheduler, settleTopUp } from "../src/index";

export interface CookieJar {
  token: string | undefined;
  expiresAt: Date | undefined;
  cleared: number;
}

/** A gateway for router tests that never reach a provider; HTTP tests use the real client and sandbox. */
const unreachableGateway: PaymentGateway = {
  initializeCharge: () => Promise.reject(new Error("no gateway in this test")),
  verifyCharge: () => Promise.reject(new Error("no gateway in this test")),
  verifyWebhookSignature: () => false,
  listCharges: () => Promise.reject(new Error("no gateway in this test")),
  refundCharge: () => Promise.reject(new Error("no gateway in this test")),
};

export const warnings: { details: Record<string, unknown>; message: string }[] = [];

export const testServices = (overrides: Partial<Services> = {}): Services => ({
  publicUrl: "http://localhost:3000",
  paymentGateway: unreachableGateway,
  // Router tests never reach a bank provider: a Paystack client on a closed port.
  bvnHashKey: "test-bvn-hash-key-0123456789abcdef",
  // Router tests send no e-mail (the HTTP tests read the sandbox mailbox).
  mailer: { send: () => Promise.reject(new Error("no mail in router tests")) },
  banking: new PaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: "sk_unused" }),
  // Router tests never reach VTpass either: a client on a closed port (every purchase stays pending).
  purchases: new VtpassClient({ baseUrl: "http://127.0.0.1:9/vtpass", apiKey: "unused", publicKey: "unused", secretKey: "unused" }),
  log: { warn: (details, message) => void warnings.push({ details, message }) },
  jobs: recordingScheduler(),
  ...overrides,
});

/** Credits `kobo` to the user's wallet through the real top-up settlement (as a paid card charge). */
export async function fundUser(db: Database, userId: number, kobo: bigint) {
  const reference = `TEST-FUND-${userId}-${Math.random().toString(36).slice(2)}`;
  await insertTransaction(db, {
    type: "topup",
    amount: kobo,
    status: "pending",
    reference,
    description: "Wallet top-up",
    recipientId: userId,
    metadata: { gateway: "paystack" },
  });
  const result = await settleTopUp(
    db,
    {
      reference,
      status: "success",
      amountKobo: kobo,
      currency: "NGN",
      feesKobo: null,
      paidAt: new Date().toISOString(),
      channel: "card",
      gatewayResponse: "Successful",
    },
    testServices().log,
  );
  if (result.outcome !== "credited") throw new Error(`funding failed: ${result.outcome}`);
}

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
export async function registerUser(
  db: Database,
  overrides: { name?: string; email?: string; password?: string; role?: "admin" | "merchant" | "personal" } = {},
  services = testServices(),
) {
  counter++;
  const jar: CookieJar = { token: undefined, expiresAt: undefined, cleared: 0 };
  const { caller } = await callerWith(db, jar, services);
  const password = overrides.password ?? "secret123";
  const user = await caller.auth.register({
    name: overrides.name ?? `Test User ${counter}`,
    email: overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password,
  });
  if (overrides.role === "admin") await promoteToAdmin(db, user.id);
  else if (overrides.role) await db.update(schema.users).set({ role: overrides.role }).where(eq(schema.users.id, user.id));
  return { user: { ...user, role: overrides.role ?? user.role }, jar, password };
}

/** Expects `promise` to reject with a tRPC error of `code` and `message`. */
export async function expectTRPCError(promise: Promise<unknown>, code: string, message?: string) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string; cause?: unknown };
    // Input errors carry the ZodError; the error formatter answers its first issue's message.
    const shown = e.cause instanceof ZodError ? e.cause.issues[0]?.message : e.message;
    if (e.code !== code) throw new Error(`Expected ${code} but got ${e.code}: ${shown}`);
    if (message !== undefined && shown !== message) throw new Error(`Expected message '${message}' but got '${shown}'`);
    return error;
  }
  throw new Error(`Expected ${code} but the call succeeded`);
}
