// Pieces every admin screen shares: the load-failure alert, the pagination of docs/product.md#admin-console "Admin
// users" (Previous, up to 5 page buttons, Next, 'Showing x to y of z …'), status badges and the
// error text of a failed admin call.
import { SideScroll } from "../../components/side-scroll";
import { ADMIN_MESSAGES, ADMIN_SEARCH_DEBOUNCE_MS } from "@kolo/domain";
import { Alert, Badge, Box, Button, Text } from "@mantine/core";
import { useDebouncedSearch as useDebouncedSearchText } from "../../lib/debounced-search";
import { type ReactNode } from "react";
import { serverMessage } from "../../lib/errors";
import type { RouterOutputs } from "../../lib/trpc";

/** The server's message, or 'An unexpected error occurred' (docs/product.md#admin-console). */
export const adminErrorMessage = (error: unknown) => serverMessage(error) ?? ADMIN_MESSAGES.unexpected;

/** A red alert with the spec's title, the server's message and a Retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm">{adminErrorMessage(error)}</Text>
      <Button mt="sm" variant="light" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** Previous, up to 5 page buttons, Next (components/page-buttons.tsx). */
export { PageButtons } from "../../components/page-buttons";

const STATUS_COLORS: Record<string, string> = {
  pending: "yellow",
  processing: "blue",
  completed: "kolo",
  failed: "red",
  reversed: "gray",
  active: "kolo",
  suspended: "red",
  locked: "orange",
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A status badge: Pending, Completed, Active, Suspended, … */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? "gray"} variant="light">
      {capitalise(status)}
    </Badge>
  );
}

/** A search box's text whose committed value lives in the URL, debounced ADMIN_SEARCH_DEBOUNCE_MS (500 ms, docs/product.md#admin-console). */
export const useDebouncedSearch = (committed: string, commit: (text: string) => void) => useDebouncedSearchText(committed, commit, ADMIN_SEARCH_DEBOUNCE_MS);

/**
 * A wide table in a horizontally scrollable region that a keyboard can reach and scroll, named for
 * screen readers; on a narrow screen it says so ('Scroll sideways to see more') and fades the edge
 * that hides columns (components/side-scroll.tsx).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <SideScroll label={label} hint>
      <Box miw={minWidth}>{children}</Box>
    </SideScroll>
  );
}

/** A user as the admin user list shows it. */
export type AdminUser = RouterOutputs["admin"]["users"]["list"]["users"][number];
