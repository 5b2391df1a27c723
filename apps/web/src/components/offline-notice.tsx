import { Alert } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconWifi } from "./icons";

/**
 * Shown on money forms while the browser is offline: nothing is queued to be
 * sent later, so the user knows to try again once connected. Renders nothing when online.
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" role="status" title="No internet connection" icon={<IconWifi size={18} aria-hidden="true" />}>
      You are offline. Nothing is sent now or later by itself: try again once you are connected.
    </Alert>
  );
}
