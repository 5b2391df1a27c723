// Live updates (docs/product.md "Live updates"): one event stream per signed-in tab (the tRPC
// subscription events.stream over Server-Sent Events) that writes each event's new state into the
// query cache, so balances, history, withdrawal and purchase states, tickets and the merchant and
// admin screens change without asking the server. Only while the stream is down does a slow
// refresh (every 60 s) stand in for it; on reconnection the stream sends what was missed. Each
// connection starts with the server's `ready` (it hears this user's events from then on): what the
// tab read before is read once more, since a change committed earlier is never sent.
import type { LiveEvent } from "@kolo/api";
import { PAYOUT_MESSAGES, nairaToKobo } from "@kolo/domain";
import { useEffect, useRef, useState } from "react";
import { notify } from "./notify";
import { type LiveTransaction, emitLiveTransaction, setStreamLive } from "./live-state";
import { trpc } from "./trpc";

/** Invalidation filter: the queries that did not end in an error (refreshStreamed). */
const answered = { predicate: (query: { state: { status: string } }) => query.state.status !== "error" };

/** The refresh that stands in for the stream while it is down. */
export const LIVE_FALLBACK_MS = 60_000;
/** The pause before a stream the server ended is reopened (its user still signed in); doubled after each end that follows no start, up to LIVE_FALLBACK_MS. */
const REOPEN_MS = 1_000;
/** Admin lists change with every transaction of every user: refetched at most this often. */
const ADMIN_REFRESH_MS = 2_000;

type TransactionView = LiveTransaction;

/** The list with `transaction` put in its place (same id) or first (a new one), newest first. */
export function upsertTransaction<T extends { id: number }>(list: readonly T[] | undefined, transaction: T): T[] | undefined {
  if (!list) return list;
  const at = list.findIndex((t) => t.id === transaction.id);
  if (at >= 0) return list.map((t, i) => (i === at ? transaction : t));
  return [transaction, ...list];
}

/** The payouts whose failure or reversal this tab has told (a catch-up may repeat the event). */
const toldEndings = new Set<number>();

/**
 * The notice of a payout that failed or was reversed, wherever the user is (docs/product.md
 * "Payment endings"): 'Bank transfer failed' / 'Failed: {amount + fee} returned to your wallet. …',
 * red, until closed. Once per payout and tab; not for one `before` (the cached list) already shows ended.
 */
export function tellPayoutEnded(transaction: TransactionView, before: TransactionView | undefined): void {
  const { status } = transaction;
  if (transaction.type !== "transfer" || (status !== "failed" && status !== "reversed")) return;
  if (toldEndings.has(transaction.id) || before?.status === status) return;
  toldEndings.add(transaction.id);
  const channel = "channel" in transaction.metadata && transaction.metadata.channel === "withdrawal" ? "withdrawal" : "bank_transfer";
  notify({
    title: PAYOUT_MESSAGES.endedTitle(status, channel),
    message: `${PAYOUT_MESSAGES.ending(status, nairaToKobo(transaction.amount + transaction.fee))}. ${transaction.description}.`,
    color: "red",
    autoClose: false,
  });
}

export { onLiveTransaction, streamIsLive } from "./live-state";

/** Runs `work` at most once per `ms`, the last call winning. */
function throttled(work: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      work();
    }, ms);
  };
}

/** Mounted once in the signed-in layout: keeps the stream open and applies its events. */
export function LiveUpdates() {
  const utils = trpc.useUtils();
  // Events about one balance arrive in order, but a catch-up may repeat older ones: the newest wins.
  const balanceEventId = useRef(0);
  const refreshAdmin = useRef(throttled(() => void utils.admin.transactions.invalidate(), ADMIN_REFRESH_MS));
  const refreshReviews = useRef(throttled(() => void utils.admin.reviews.invalidate(), ADMIN_REFRESH_MS));

  /**
   * Everything the stream keeps fresh, fetched again (the stream is down, or was not listening yet).
   * A query that failed is left to its screen's Try Again: fetched again without data it would turn
   * back to loading and hide the error the screen shows (a ticket that does not exist, say).
   */
  const refreshStreamed = () =>
    Promise.all([
      utils.auth.me.invalidate(undefined, answered),
      utils.transactions.list.invalidate(undefined, answered),
      utils.wallet.withdrawalStatus.invalidate(undefined, answered),
      utils.supportTickets.invalidate(undefined, answered),
      utils.verification.invalidate(undefined, answered),
      utils.merchants.invalidate(undefined, answered),
      utils.admin.transactions.invalidate(undefined, answered),
      utils.admin.reviews.invalidate(undefined, answered),
    ]);
  // The server hears this tab's events (its `ready`) and what was read before it is fetched again.
  const [listening, setListening] = useState(false);

  const apply = (event: LiveEvent) => {
    switch (event.type) {
      case "ready":
        // A change committed before the server listened is never sent (a payout settled while the
        // stream was still opening): what was read before is read again, then the tab is live.
        void refreshStreamed().finally(() => setListening(true));
        return;
      case "balance": {
        if (event.account === "merchant") {
          void utils.merchants.me.invalidate();
          void utils.merchants.transactions.invalidate();
          return;
        }
        const id = Number(event.id);
        if (id < balanceEventId.current) return;
        balanceEventId.current = id;
        utils.auth.me.setData(undefined, (me) => (me ? { ...me, balance: event.balance } : me));
        return;
      }
      case "transaction": {
        const before = utils.transactions.list.getData()?.find((t) => t.id === event.transaction.id);
        utils.transactions.list.setData(undefined, (list) => upsertTransaction<TransactionView>(list, event.transaction));
        emitLiveTransaction(event.transaction);
        if (event.transaction.type === "transfer") void utils.wallet.withdrawalStatus.invalidate({ reference: event.transaction.reference });
        // The payment's screen (/done/{reference}) shows its receipt's status live.
        void utils.receipts.get.invalidate({ reference: event.transaction.reference });
        tellPayoutEnded(event.transaction, before);
        return;
      }
      case "ticket":
        void utils.supportTickets.byId.invalidate({ id: event.ticketId });
        void utils.supportTickets.mine.invalidate();
        void utils.supportTickets.list.invalidate();
        return;
      case "verification":
        utils.auth.me.setData(undefined, (me) => (me ? { ...me, verificationLevel: event.level } : me));
        void utils.verification.invalidate();
        return;
      case "admin.transaction":
        refreshAdmin.current();
        return;
      case "admin.review":
        refreshReviews.current();
        return;
    }
  };

  const reopen = useRef<() => void>(() => {});
  const reopenDelay = useRef(REOPEN_MS);
  // Ended by the server (session ended, role changed) or refused: ask who is signed in; a 401
  // there signs this tab out (lib/api.tsx); otherwise the stream reopens under the current role.
  const ended = () => {
    const delay = reopenDelay.current;
    reopenDelay.current = Math.min(delay * 2, LIVE_FALLBACK_MS);
    void utils.auth.me
      .fetch(undefined, { staleTime: 0 })
      .then(() => setTimeout(() => reopen.current(), delay))
      .catch(() => undefined);
  };
  const stream = trpc.events.stream.useSubscription(undefined, {
    onStarted: () => {
      reopenDelay.current = REOPEN_MS;
    },
    onData: (tracked) => apply(tracked.data),
    onComplete: ended,
    onError: ended,
  });
  reopen.current = stream.reset;
  // 'pending': connected ('connecting' also while reconnecting, and 'error': down); live once the
  // server has said `ready` on this connection and what was read before has been read again.
  const open = stream.status === "pending";
  const connected = open && listening;
  useEffect(() => {
    if (!open) setListening(false);
  }, [open]);
  useEffect(() => {
    setStreamLive(connected);
    return () => setStreamLive(false);
  }, [connected]);

  // Down: refresh what the stream would have changed, slowly, until it is back.
  const refresh = useRef(refreshStreamed);
  refresh.current = refreshStreamed;
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => void refresh.current(), LIVE_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [connected]);

  return (
    <span hidden data-testid="live-status" data-state={connected ? "live" : "down"}>
      {connected ? "Live" : "Reconnecting"}
    </span>
  );
}
