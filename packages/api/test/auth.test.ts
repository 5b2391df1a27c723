import { useTestDatabase } from "@kolo/db/testing";
import { schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { type ZodError, z } from "zod";
import { describe, expect, it } from "vitest";
import { sessionIdFromToken } from "../src/auth/session";
import { callerWith, expectTRPCError, registerUser } from "./helpers";

const { t } = useTestDatabase();

describe("auth.register", () => {
  it("creates the user with a normalised e-mail, a wallet at ₦0 and a session, and never returns the hash", async () => {
    const { caller, jar } = await callerWith(t.db);
    const user = await caller.auth.register({ name: " Ngozi Eze ", email: "  Ngozi@Example.COM ", password: "secret123", username: "Ngozi@Example.COM" });
    expect(user).toMatchObject({
      name: "Ngozi Eze",
      email: "ngozi@example.com",
      username: "ngozi@example.com",
      role: "personal",
      balance: 0,
      verificationLevel: 0,
    });
    expect(user).not.toHaveProperty("passwordHash");
    expect(jar.token).toBeTruthy();
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const wallets = await t.db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.userId, user.id));
    expect(wallets).toHaveLength(1);
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    await registerUser(t.db, { email: "dup@example.com" });
    const { caller } = await callerWith(t.db);
    await expectTRPCError(caller.auth.register({ name: "Someone", email: "DUP@example.com", password: "secret123" }), "CONFLICT", "Email already registered");
  });

  it("answers the spec's field messages for bad input and writes nothing", async () => {
    const { caller } = await callerWith(t.db);
    const before = await t.db.$count(schema.users);
    const error = (await expectTRPCError(caller.auth.register({ name: "A", email: "not-an-email", password: "123" }), "BAD_REQUEST")) as {
      cause: ZodError;
    };
    expect(z.flattenError(error.cause).fieldErrors).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
    expect(await t.db.$count(schema.users)).toBe(before);
  });
});

describe("auth.login", () => {
  it("answers 'Invalid email or password' for a wrong password and for an unknown e-mail alike", async () => {
    const { user } = await registerUser(t.db);
    const { caller } = await callerWith(t.db);
    await expectTRPCError(caller.auth.login({ email: user.email, password: "wrong-password" }), "UNAUTHORIZED", "Invalid email or password");
    await expectTRPCError(caller.auth.login({ email: "nobody@example.com", password: "whatever1" }), "UNAUTHORIZED", "Invalid email or password");
  });

  it("accepts username in place of email and starts a session stored only as a SHA-256 hash", async () => {
    const { user, password } = await registerUser(t.db);
    const { caller, jar } = await callerWith(t.db);
    const loggedIn = await caller.auth.login({ username: user.email.toUpperCase(), password });
    expect("id" in loggedIn && loggedIn.id).toBe(user.id);
    const token = jar.token!;
    const sessions = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(sessions.map((s) => s.id)).toContain(sessionIdFromToken(token));
    expect(sessions.map((s) => s.id)).not.toContain(token);
    expect(sessionIdFromToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("locks the account after 5 consecutive failures, ends its sessions, then answers 'Account locked' even to the right password", async () => {
    const { user, jar, password } = await registerUser(t.db);
    const { caller } = await callerWith(t.db);
    for (let i = 0; i < 5; i++) {
      await expectTRPCError(caller.auth.login({ email: user.email, password: "wrong-password" }), "UNAUTHORIZED");
    }
    await expectTRPCError(caller.auth.login({ email: user.email, password }), "FORBIDDEN", "Account locked");
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.status).toBe("locked");
    expect(await t.db.$count(schema.sessions, eq(schema.sessions.userId, user.id))).toBe(0);
    const { caller: old } = await callerWith(t.db, jar);
    await expectTRPCError(old.auth.me(), "UNAUTHORIZED");
  });

  it("resets the failure count on success, so failures must be consecutive to lock", async () => {
    const { user, password } = await registerUser(t.db);
    const { caller } = await callerWith(t.db);
    for (let i = 0; i < 4; i++) await expectTRPCError(caller.auth.login({ email: user.email, password: "wrong-password" }), "UNAUTHORIZED");
    await caller.auth.login({ email: user.email, password });
    for (let i = 0; i < 4; i++) await expectTRPCError(caller.auth.login({ email: user.email, password: "wrong-password" }), "UNAUTHORIZED");
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ status: "active", failedLoginCount: 4 });
  });

  it("refuses a suspended account with 'Account suspended' and drops its existing session", async () => {
    const { user, jar, password } = await registerUser(t.db);
    await t.db.update(schema.users).set({ status: "suspended" }).where(eq(schema.users.id, user.id));
    const { caller } = await callerWith(t.db);
    await expectTRPCError(caller.auth.login({ email: user.email, password }), "FORBIDDEN", "Account suspended");
    const { caller: old, jar: after } = await callerWith(t.db, jar);
    await expectTRPCError(old.auth.me(), "UNAUTHORIZED");
    expect(after.cleared).toBe(1);
  });
});

describe("sessions", () => {
  it("logout deletes the session and me is then refused", async () => {
    const { jar } = await registerUser(t.db);
    const token = jar.token!;
    const { caller } = await callerWith(t.db, jar);
    await caller.auth.logout();
    expect(jar.token).toBeUndefined();
    expect(await t.db.$count(schema.sessions, eq(schema.sessions.id, sessionIdFromToken(token)))).toBe(0);
    const { caller: again } = await callerWith(t.db, { token, expiresAt: undefined, cleared: 0 });
    await expectTRPCError(again.auth.me(), "UNAUTHORIZED", "Not authenticated");
  });

  it("me renews a session with less than half its 30 days left, and leaves a fresh one alone", async () => {
    const { jar, user } = await registerUser(t.db);
    const id = sessionIdFromToken(jar.token!);
    const tenDays = new Date(Date.now() + 10 * 86_400_000);
    await t.db.update(schema.sessions).set({ expiresAt: tenDays }).where(eq(schema.sessions.id, id));
    const renewedJar = { token: jar.token, expiresAt: undefined as Date | undefined, cleared: 0 };
    const { caller } = await callerWith(t.db, renewedJar);
    expect((await caller.auth.me()).id).toBe(user.id);
    const [row] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(renewedJar.expiresAt?.getTime()).toBe(row!.expiresAt.getTime());

    const freshJar = { token: jar.token, expiresAt: undefined as Date | undefined, cleared: 0 };
    await (await callerWith(t.db, freshJar)).caller.auth.me();
    expect(freshJar.expiresAt).toBeUndefined();
  });

  it("an expired session is refused and deleted", async () => {
    const { jar } = await registerUser(t.db);
    const id = sessionIdFromToken(jar.token!);
    await t.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, id));
    const { caller } = await callerWith(t.db, { ...jar });
    await expectTRPCError(caller.auth.me(), "UNAUTHORIZED");
    expect(await t.db.$count(schema.sessions, eq(schema.sessions.id, id))).toBe(0);
  });
});

describe("features", () => {
  it("lists the eleven switches, seeded on, for a signed-in user only", async () => {
    const { jar } = await registerUser(t.db);
    const { caller } = await callerWith(t.db, jar);
    const list = await caller.features.list();
    expect(list).toHaveLength(11);
    expect(list.every((f) => f.value === true)).toBe(true);
    expect(list.map((f) => f.key)).toContain("feature_support_tickets");
    const { caller: anonymous } = await callerWith(t.db);
    await expectTRPCError(anonymous.features.list(), "UNAUTHORIZED");
  });

  it("only an admin may switch a feature", async () => {
    const { jar } = await registerUser(t.db);
    const { jar: adminJar } = await registerUser(t.db, { role: "admin" });
    await expectTRPCError((await callerWith(t.db, jar)).caller.features.set({ key: "feature_topup", value: false }), "FORBIDDEN");
    const updated = await (await callerWith(t.db, adminJar)).caller.features.set({ key: "feature_topup", value: false });
    expect(updated).toMatchObject({ key: "feature_topup", value: false });
    await (await callerWith(t.db, adminJar)).caller.features.set({ key: "feature_topup", value: true });
  });
});
