import { Center, Loader } from "@mantine/core";

/** Shown while a route's data loads (after the router's pending delay). */
export function PageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
