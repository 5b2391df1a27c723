import { Notifications, type NotificationsProps } from "@mantine/notifications";

/** Mantine's toast container, in a module of its own so that it is loaded with the first toast. */
export default function NotificationsHost(props: NotificationsProps) {
  return <Notifications {...props} />;
}
