import { describe, expect, it } from "vitest";
import { ORIGIN, buildTestApp, registerOverHttp, sessionCookie, useTestApp } from "./helpers";

const { t, app } = useTestApp();

const login = (payload: object, headers: Record<string, string> = { origin: ORIGIN }) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload, headers });

describe("POST /api/auth/register", () => {
  it("answers 201 with the user (no hash) and an HttpOnly SameSite=Lax session cookie", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: ORIGIN },
      payload: { name: "Emeka Obi", email: "Emeka@Example.com", phone: "+2348012345678", password: "secret123", username: "Emeka@Example.com" },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name: "Emeka Obi", email: "emeka@example.com", phone: "08012345678", balance: 0, role: "personal" });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    const cookie = response.cookies.find((c) => c.name === "kolo_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
  });

  it("answers 400 {message, details} with the spec's field messages", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: ORIGIN },
      payload: { name: "A", email: "x", password: "1" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION",
      message: "Name must be at least 2 characters",
      details: {
        name: ["Name must be at least 2 characters"],
        email: ["Please enter a valid email address"],
        password: ["Password must be at least 6 characters"],
      },
    });
  });

  it("answers 409 for an e-mail already registered", async () => {
    const { user } = await registerOverHttp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: ORIGIN },
      payload: { name: "Again", email: user.email, password: "secret123" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Email already registered");
  });

  it("sets a Secure cookie when the app is reached over https through a configured proxy", async () => {
    const proxied = await buildTestApp(t.db, { trustProxy: "127.0.0.1" });
    const response = await proxied.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: "https://kolo.example", "x-forwarded-proto": "https", host: "kolo.example" },
      payload: { name: "Secure Sam", email: "secure@example.com", password: "secret123" },
    });
    await proxied.close();
    expect(response.statusCode).toBe(201);
    expect(response.cookies.find((c) => c.name === "kolo_session")?.secure).toBe(true);
  });
});

describe("POST /api/auth/login", () => {
  it("answers 401 'Invalid email or password' for a wrong password and an unknown e-mail", async () => {
    const { user } = await registerOverHttp(app);
    for (const payload of [
      { email: user.email, password: "nope-nope" },
      { email: "ghost@example.com", password: "nope-nope" },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Invalid email or password");
    }
  });

  it("locks after 5 failures: 403 'Account locked' then, even with the right password", async () => {
    const { user, password } = await registerOverHttp(app);
    for (let i = 0; i < 5; i++) expect((await login({ email: user.email, username: user.email, password: "wrong-one" })).statusCode).toBe(401);
    const response = await login({ email: user.email, username: user.email, password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Account locked");
  });

  it("a successful login sets a session that GET /api/auth/me accepts; logout ends it", async () => {
    const { user, password } = await registerOverHttp(app);
    const response = await login({ email: user.email, username: user.email, password });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookie(response);
    const me = await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, balance: 0 });
    const logout = await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie, origin: ORIGIN } });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === "kolo_session")?.value).toBe("");
    expect((await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("GET /api/auth/session answers 200 signed in or not: the sign-in screens' check logs no error", async () => {
    const session = (cookie?: string) => app.inject({ method: "GET", url: "/api/auth/session", headers: cookie ? { cookie } : {} });
    const anonymous = await session();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false, mfaRequired: false });
    expect((await session("kolo_session=not-a-real-session")).json()).toEqual({ signedIn: false, mfaRequired: false });

    const { user, password } = await registerOverHttp(app);
    const cookie = sessionCookie(await login({ email: user.email, username: user.email, password }));
    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.json()).toEqual({ signedIn: true, mfaRequired: false });
    await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie, origin: ORIGIN } });
    expect((await session(cookie)).json()).toEqual({ signedIn: false, mfaRequired: false });
  });
});

describe("request guards", () => {
  it("refuses a state-changing request from another origin with 403 and changes nothing", async () => {
    const { user, password } = await registerOverHttp(app);
    const foreign = await login({ email: user.email, password }, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies.find((c) => c.name === "kolo_session")).toBeUndefined();
    const crossSite = await login({ email: user.email, password }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    expect((await login({ email: user.email, password }, { "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("rate-limits login attempts per client with 429", async () => {
    const limited = await buildTestApp(t.db, { rateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { origin: ORIGIN },
          payload: { email: "ghost@example.com", password: "nope-nope" },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect((await limited.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/features", () => {
  it("answers the {key, value} list to a signed-in user and 401 otherwise", async () => {
    const { cookie } = await registerOverHttp(app);
    const response = await app.inject({ method: "GET", url: "/api/features", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ key: string; value: boolean }[]>();
    expect(list).toHaveLength(11);
    expect(Object.keys(list[0]!).sort()).toEqual(["key", "value"]);
    expect((await app.inject({ method: "GET", url: "/api/features" })).statusCode).toBe(401);
  });
});

describe("tRPC endpoint", () => {
  it("serves the same procedures under /trpc with the session cookie", async () => {
    const { cookie, user } = await registerOverHttp(app);
    const response = await app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.json).toMatchObject({ id: user.id });
  });
});
