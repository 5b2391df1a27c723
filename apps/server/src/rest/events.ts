// GET /api/events (docs/product.md "Live updates"): the signed-in user's live events as
// Server-Sent Events for clients that do not speak tRPC: `id:` the event id, `event:` its type,
// `data:` its JSON (amounts in naira). A `Last-Event-ID` header resumes after that event with one
// catch-up; a comment line every 25 s keeps proxies from closing the stream. Same stream as the
// tRPC subscription `events.stream` (read here directly, with the procedure's guard, rather than
// through the tRPC caller: cheaper per stream, docs/performance.md "Live events").
import { type LiveEvent, liveEvents } from "@kolo/api";
import { DomainError, MESSAGES, MFA_MESSAGES } from "@kolo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type ContextDeps, contextFactory } from "../context";
import { sendTRPCError } from "./adapter";
import type { ExtraPath } from "./openapi";

/** How often an idle stream sends a comment line. */
export const EVENTS_HEARTBEAT_MS = 25_000;

export const EVENTS_PATH: ExtraPath = {
  method: "GET",
  path: "/api/events",
  tag: "Live updates",
  summary: "The signed-in user's live events (text/event-stream): balance, transaction, ticket, verification; admins also admin.transaction and admin.review",
  description:
    "docs/product.md 'Live updates'. Each event: `id: <event id>`, `event: <type>`, `data: <JSON>`. Send `Last-Event-ID` to resume after an event. A `: ping` comment every 25 s.",
  output: z.string(),
  statuses: [200, 401, 403, 503],
  contentType: "text/event-stream",
  session: true,
  headers: [{ name: "Last-Event-ID", description: "Optional: the id of the last event received; the stream first sends what came after it" }],
};

/** One SSE message. */
const message = (event: LiveEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** Mounts GET /api/events. */
export function mountEvents(app: FastifyInstance, deps: ContextDeps) {
  const makeContext = contextFactory(deps);
  app.get("/api/events", async (req, reply) => {
    const header = req.headers["last-event-id"];
    const lastEventId = typeof header === "string" && /^\d{1,18}$/.test(header.trim()) ? header.trim() : null;
    const abort = new AbortController();
    let stream: AsyncIterable<LiveEvent>;
    try {
      const context = await makeContext(req, reply);
      // The same guard as the procedure's (protectedProcedure): a session, and an admin's second factor.
      if (!context.user || !context.session) throw new DomainError("UNAUTHENTICATED", MESSAGES.notAuthenticated);
      if (context.mfaPending) throw new DomainError("MFA_REQUIRED", MFA_MESSAGES.required);
      stream = liveEvents(deps.db, context.user, {
        lastEventId: lastEventId === null ? undefined : Number(lastEventId),
        sessionId: context.session.id,
        signal: abort.signal,
        // Said once this server hears the user's events (not before): a client that acts on it
        // misses nothing committed afterwards.
        onSubscribed: () => reply.raw.write(": connected\n\n"),
      });
    } catch (error) {
      return sendTRPCError(reply, req, error);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), EVENTS_HEARTBEAT_MS);
    res.on("close", () => {
      clearInterval(heartbeat);
      abort.abort();
    });
    try {
      for await (const event of stream) {
        if (!res.write(message(event))) await new Promise((resolve) => res.once("drain", resolve));
      }
    } catch (error) {
      if (!abort.signal.aborted) req.log.error({ err: error }, "Event stream failed");
    } finally {
      clearInterval(heartbeat);
      res.end();
    }
  });
}
