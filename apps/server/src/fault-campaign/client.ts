// The fault campaign's HTTP side: signed-in users as the web app's REST clients are, and one
// call that retries what a dead server or HAProxy left unanswered with the same idempotency key.

export interface User {
  id: number;
  email: string;
  cookie: string;
}

/** The fields of Kolo's answers the campaign reads (each present only in some answers). */
export interface Body {
  id?: number;
  message?: string;
  status?: string;
  accountNumber?: string;
  reference?: string;
  authorizationUrl?: string;
  pending?: boolean;
  approvalId?: number;
  transaction?: { id: number; reference: string; status: string };
  adjustment?: { id: number; transactionId: number | null };
  items?: { id: number }[];
}

export interface Answer {
  status: number;
  /** The parsed JSON answer; an empty object when it was not JSON (a page, nothing). */
  body: Body;
  /** Tries beyond the first (after a server went away). */
  retries: number;
}

/** Statuses after which the same request is sent again: no answer, HAProxy found no server, a server's deadline. */
const RETRY = new Set([0, 502, 503, 504]);

/**
 * Sends `method path` as `user` (JSON body, same-origin header, `key` as Idempotency-Key) through
 * `base`; each try is cut off after 20 s, and a try answered by RETRY is sent again (200 ms
 * apart, for up to 120 s: longer than a failover of the primary) with the same key. Answers the
 * last status and parsed body.
 */
export async function call(base: string, user: User | null, method: string, path: string, body?: unknown, key?: string): Promise<Answer> {
  const giveUpAt = Date.now() + 120_000;
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(user ? { cookie: user.cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    }).catch(() => undefined);
    const status = response?.status ?? 0;
    const text = response ? await response.text().catch(() => "") : "";
    if (!RETRY.has(status) || Date.now() > giveUpAt) {
      let parsed: Body = {};
      try {
        parsed = JSON.parse(text) as Body;
      } catch {
        // an HTML page (the sandbox's checkout) or nothing
      }
      return { status, body: parsed ?? {}, retries: attempt };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Registers a user over REST (201) and keeps its session cookie. Throws on any other answer. */
export async function register(base: string, name: string, email: string, phone = ""): Promise<User> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ name, email, password: "campaign-secret-1", username: email, phone }),
    }).catch(() => undefined);
    if (response?.status === 201) {
      const cookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith("kolo_session="))!
        .split(";")[0]!;
      const { id } = (await response.json()) as { id: number };
      return { id, email, cookie };
    }
    if (attempt > 20 || (response && !RETRY.has(response.status))) throw new Error(`register ${email}: ${response?.status} ${await response?.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
