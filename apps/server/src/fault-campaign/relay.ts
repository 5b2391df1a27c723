// The fault campaign's webhook relay: the sandboxes deliver their webhooks here (the servers'
// SANDBOX_WEBHOOK_BASE_URL) and it answers 200 at once, as a provider's queue would see it, then
// forwards each one to HAProxy on the same path with the same bytes and signature: after a random
// delay (so they arrive shuffled), some twice, some much later (held until the campaign's end:
// "late"). docs/providers.md: "a webhook may come twice, late, or before the API call that caused it returns".
import { createServer } from "node:http";
import { findFreePort } from "@kolo/db/embedded";

export interface RelayFaults {
  /** Chance that a webhook is delivered a second time (later, independently delayed). */
  duplicate: number;
  /** Chance that a webhook is held back until `releaseLate` (after the operations). */
  late: number;
  /** Longest random delay of an ordinary delivery, ms. */
  maxDelayMs: number;
}

export interface WebhookRelay {
  /** The base URL the servers send to. */
  url: string;
  counts: { received: number; forwarded: number; duplicated: number; late: number; failedForwards: number };
  /** Where webhooks go on to (HAProxy), set once the cluster is up. */
  setTarget(url: string): void;
  /** Resolves when no delivery is waiting or in flight (held late ones aside). */
  idle(): Promise<void>;
  /** Sends every held-back webhook (shuffled) and waits for them all. */
  releaseLate(): Promise<void>;
  close(): Promise<void>;
}

interface Held {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Starts the relay on a free port of 127.0.0.1, forwarding to the target set with `setTarget` (HAProxy). `random` is the
 * campaign's seeded source, so the same seed gives the same faults for the same arrivals. A
 * forward that fails (no server answered, 5xx) is tried again 250 ms apart for up to 90 s (longer
 * than a failover of the primary), as a provider retries a webhook that was not acknowledged.
 */
export async function startWebhookRelay(faults: RelayFaults, random: () => number): Promise<WebhookRelay> {
  const counts = { received: 0, forwarded: 0, duplicated: 0, late: 0, failedForwards: 0 };
  let target = "";
  const late: Held[] = [];
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight !== 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const forward = async (hook: Held) => {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
      const status = await fetch(`${target}${hook.path}`, { method: "POST", headers: hook.headers, body: hook.body, signal: AbortSignal.timeout(20_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      if (status > 0 && status < 500) {
        counts.forwarded++;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    counts.failedForwards++;
  };
  const later = (hook: Held, delayMs: number) => {
    inFlight++;
    setTimeout(() => {
      void forward(hook).finally(() => {
        inFlight--;
        settle();
      });
    }, delayMs);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      counts.received++;
      const headers: Record<string, string> = { "content-type": String(req.headers["content-type"] ?? "application/json") };
      for (const [name, value] of Object.entries(req.headers)) if (name.startsWith("x-") && typeof value === "string") headers[name] = value;
      const hook = { path: req.url ?? "/", headers, body: Buffer.concat(chunks) };
      if (random() < faults.late) {
        counts.late++;
        late.push(hook);
      } else later(hook, random() * faults.maxDelayMs);
      if (random() < faults.duplicate) {
        counts.duplicated++;
        later(hook, random() * faults.maxDelayMs * 3);
      }
    });
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const idle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setTarget(url) {
      target = url;
    },
    idle,
    async releaseLate() {
      const held = late.splice(0).map((hook) => ({ hook, order: random() }));
      held.sort((a, b) => a.order - b.order);
      for (const { hook } of held) later(hook, 0);
      await idle();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
