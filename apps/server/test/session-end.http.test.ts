// A stream lives no longer than its session (docs/product.md "Live updates"), on a real
// PostgreSQL: an open GET /api/events or events.stream closes when its session ends (suspension,
// sign-out, sign-out of all devices); a demoted admin's stream closes before the next admin event;
// POST /api/auth/logout-all ends every session of the user.
import { promoteToAdmin } from "@kolo/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type Client, api, fundWallet, sessionCookieOf, signIn, signUp, useTestServer } from "./helpers";

const files = useTestServer();

/**
 * Opens a stream with `cookie` and reads it: `connected` resolves once the server hears the
 * user's events; `ended` resolves with the whole text once the server closes the stream.
 */
async function openStream(base: string, cookie: string, path = "/api/events") {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  let text = "";
  let done = false;
  let wake: () => void = () => {};
  const ended = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      wake();
    }
    done = true;
    return text;
  })();
  ended.catch(() => undefined);
  /** Resolves once the text so far contains `marker`; rejects when the stream ended without it. */
  const until = async (marker: string) => {
    while (!text.includes(marker)) {
      if (done) throw new Error(`The stream ended without ${marker}: ${text}`);
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), ended]);
    }
    return text;
  };
  const abort = () => controller.abort();
  opened.push(abort);
  return { ended, until, text: () => text, abort };
}

const opened: (() => void)[] = [];
afterEach(() => {
  for (const abort of opened.splice(0)) abort();
});

const trpcStream = `/trpc/events.stream?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`;

/** Signs `c` in again: a second session of the same user. */
async function signInAgain(c: Client): Promise<Client> {
  const response = await signIn(c.base, c.user.email);
  expect(response.status).toBe(200);
  return { ...c, cookie: sessionCookieOf(response) };
}

async function admin(name: string): Promise<Client> {
  const c = await signUp(files.server.base, name);
  await promoteToAdmin(files.t.db, c.user.id);
  return c;
}

describe("a stream ends with its session", () => {
  it("a suspended user's open /api/events stream closes, and the tRPC subscription too", async () => {
    const boss = await admin("Suspending Admin");
    const user = await signUp(files.server.base, "Soon Suspended");
    const rest = await openStream(user.base, user.cookie);
    const trpc = await openStream(user.base, user.cookie, trpcStream);
    await rest.until(": connected");
    await trpc.until("event: connected");
    expect((await api(boss, "POST", `/api/admin/users/${user.user.id}/status`, { status: "suspended" })).status).toBe(200);
    await rest.ended;
    await trpc.ended;
    // A new stream is refused: the session is gone.
    expect((await fetch(`${user.base}/api/events`, { headers: { cookie: user.cookie } })).status).toBe(401);
  });

  it("sign-out closes that session's stream only", async () => {
    const first = await signUp(files.server.base, "Two Tabs");
    const second = await signInAgain(first);
    const leaving = await openStream(first.base, first.cookie);
    const staying = await openStream(second.base, second.cookie);
    await leaving.until(": connected");
    await staying.until(": connected");
    expect((await api(first, "POST", "/api/auth/logout")).status).toBe(200);
    await leaving.ended;
    // The other session's stream still hears its user's events.
    const sender = await signUp(files.server.base, "Two Tabs Sender");
    await fundWallet(files.t.db, sender.user.id, 500);
    expect((await api(sender, "POST", "/api/transfer/p2p", { recipientEmail: first.user.email, amount: 40 })).status).toBe(200);
    expect(await staying.until('"balance":40')).toContain("event: balance");
  });

  it("a demoted admin's stream hears no admin event after the demotion", async () => {
    const demoted = await admin("Demoted Admin");
    const remaining = await admin("Remaining Admin");
    const demotedStream = await openStream(demoted.base, demoted.cookie);
    const remainingStream = await openStream(remaining.base, remaining.cookie);
    await demotedStream.until(": connected");
    await remainingStream.until(": connected");
    const role = await api(remaining, "PATCH", `/api/admin/users/${demoted.user.id}/role`, { role: "personal" });
    expect(role.status).toBe(200);
    // A transaction of two other users: an admin event.
    const payer = await signUp(files.server.base, "Admin Event Payer");
    const payee = await signUp(files.server.base, "Admin Event Payee");
    await fundWallet(files.t.db, payer.user.id, 500);
    const transfer = await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 25 });
    expect(transfer.status).toBe(200);
    const { id } = ((await transfer.json()) as { transaction: { id: number } }).transaction;
    // The admin who stayed hears it (the server dispatched it to every admin stream it holds)...
    await remainingStream.until(`"transactionId":${id}`);
    // ...the demoted admin's stream had closed before, without it.
    const heard = await demotedStream.ended;
    expect(heard).not.toContain(`"transactionId":${id}`);
    expect(heard).not.toContain("event: admin.transaction");
    // Reconnecting, they get their own events only.
    const again = await openStream(demoted.base, demoted.cookie);
    await again.until(": connected");
  });
});

describe("POST /api/auth/logout-all", () => {
  it("ends every session of the user, this one included, and closes their streams", async () => {
    const here = await signUp(files.server.base, "Everywhere User");
    const elsewhere = await signInAgain(here);
    const other = await signUp(files.server.base, "Bystander");
    const elsewhereStream = await openStream(elsewhere.base, elsewhere.cookie);
    const otherStream = await openStream(other.base, other.cookie);
    await elsewhereStream.until(": connected");
    await otherStream.until(": connected");

    const response = await api(here, "POST", "/api/auth/logout-all");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Logged out" });
    expect(response.headers.getSetCookie().find((line) => line.startsWith("kolo_session="))).toMatch(/^kolo_session=;/);

    await elsewhereStream.ended;
    for (const c of [here, elsewhere]) expect((await api(c, "GET", "/api/auth/me")).status).toBe(401);
    // Someone else's session and stream are untouched.
    expect((await api(other, "GET", "/api/auth/me")).status).toBe(200);
    expect(otherStream.text()).not.toBe("");
  });

  it("needs a session", async () => {
    const response = await fetch(`${files.server.base}/api/auth/logout-all`, { method: "POST", headers: { origin: files.server.base } });
    expect(response.status).toBe(401);
  });
});
