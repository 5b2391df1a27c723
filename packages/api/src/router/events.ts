import { tracked } from "@trpc/server";
import { z } from "zod";
import { liveEvents } from "../events/stream";
import { protectedProcedure, router } from "../trpc";

/** Live updates (docs/product.md "Live updates"). */
export const eventsRouter = router({
  /**
   * Subscription (SSE through httpSubscriptionLink): the signed-in user's LiveEvents as they
   * happen, each `tracked` with its event id; a reconnect sends `lastEventId` and first gets what
   * it missed. Same stream as GET /api/events, plus a first `ready` event once the server hears
   * the user's events (tRPC's own `connected` comes before that): the client refetches what it
   * read before `ready`, since a change committed earlier is never sent. It ends (completes) when
   * the session ends or the user's role or status changes; the client then asks auth.me and
   * resubscribes if still signed in.
   */
  stream: protectedProcedure
    .input(
      z
        .object({
          lastEventId: z
            .string()
            .regex(/^\d{1,18}$/)
            .nullish(),
        })
        .optional(),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const lastEventId = input?.lastEventId ? Number(input.lastEventId) : undefined;
      const options = { lastEventId, sessionId: ctx.session.id, signal: signal ?? new AbortController().signal, announce: true };
      for await (const event of liveEvents(ctx.db, ctx.user, options)) {
        yield tracked(event.id, event);
      }
    }),
});
