import { Alert, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { onLiveTransaction } from "../../lib/live-state";
import { type TransactionView, creditNoticeText } from "../../lib/transactions";

/** How many credit notices stay on the dashboard at once (the newest first). */
const MAX_NOTICES = 3;

/** Whether `transaction`, as the stream delivered it, is money that has just arrived for `userId`. */
export const isArrivedCredit = (transaction: Pick<TransactionView, "status" | "recipientId" | "senderId">, userId: number) =>
  transaction.status === "completed" && transaction.recipientId === userId && transaction.senderId !== userId;

/**
 * The dashboard's in-app credit notices (docs/product.md "Live updates"): each completed credit the
 * event stream delivers while the dashboard is open shows 'Money received' with '₦25,000.00 from
 * EMEKA OKAFOR', once per transaction, until closed. A polite live region: read out, never
 * stealing focus.
 */
export function CreditNotices({ userId }: { userId: number }) {
  const [notices, setNotices] = useState<{ id: number; text: string }[]>([]);
  const seen = useRef(new Set<number>());
  useEffect(
    () =>
      onLiveTransaction((transaction) => {
        if (!isArrivedCredit(transaction, userId) || seen.current.has(transaction.id)) return;
        seen.current.add(transaction.id);
        setNotices((shown) => [{ id: transaction.id, text: creditNoticeText(transaction) }, ...shown].slice(0, MAX_NOTICES));
      }),
    [userId],
  );
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" role="status" aria-live="polite" data-testid="credit-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          color="kolo"
          variant="light"
          title="Money received"
          withCloseButton
          closeButtonLabel="Close notice"
          onClose={() => setNotices((shown) => shown.filter((n) => n.id !== notice.id))}
        >
          {notice.text}
        </Alert>
      ))}
    </Stack>
  );
}
