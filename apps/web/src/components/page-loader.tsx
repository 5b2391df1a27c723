import { Center, Loader, VisuallyHidden } from "@mantine/core";

/**
 * Shown while a route's data loads (after the router's pending delay): a spinner hidden from
 * screen readers and the word "Loading" for them, in a polite status region. `data-page-loader`
 * lets the browser tests wait until a screen has its content.
 */
export function PageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-live="polite" data-page-loader="">
      <Loader aria-hidden />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
