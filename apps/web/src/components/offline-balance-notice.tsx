import { formatDateTime } from "@kolo/domain";
import { Alert } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { errorCode } from "../lib/errors";
import { ME_QUERY_OPTIONS } from "../lib/query-options";
import { trpc } from "../lib/trpc";
import { IconWifi } from "./icons";

/** 'Offline: showing your balance as of {time}' (docs/decisions/web.md "Phone experience"). */
export const offlineBalanceText = (savedAt: number) => `Offline: showing your balance as of ${formatDateTime(savedAt)}`;

/**
 * Above every signed-in screen while the balance shown may be old: the browser is offline, or the
 * last request for the user failed without an answer from the server. {time} is when the balance
 * on screen was fetched (kept across a reload by lib/offline-cache.ts). Money actions stay refused
 * offline (lib/offline.ts); this only says how old the figures are.
 */
export function OfflineBalanceNotice() {
  const { online } = useNetwork();
  // Reads the cached user without fetching (the layout's beforeLoad already did).
  const me = trpc.auth.me.useQuery(undefined, { ...ME_QUERY_OPTIONS, enabled: false });
  const failedWithoutAnswer = me.errorUpdatedAt > me.dataUpdatedAt && errorCode(me.error) === undefined;
  if (me.dataUpdatedAt === 0 || (online && !failedWithoutAnswer)) return null;
  return (
    <Alert color="orange" variant="light" role="status" icon={<IconWifi size={18} aria-hidden="true" />} mb="md">
      {offlineBalanceText(me.dataUpdatedAt)}
    </Alert>
  );
}
