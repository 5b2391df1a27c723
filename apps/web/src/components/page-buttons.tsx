// The pagination of paged lists (docs/product.md#admin-console "Admin users"; the merchant's customers):
// Previous, up to 5 page buttons, Next, and 'Showing x to y of z …'.
import { ADMIN_PAGINATION_WINDOW, paginationWindow, showingRange } from "@kolo/domain";
import { Button, Group, Text } from "@mantine/core";

/** Previous, up to 5 page buttons, Next; shown only when there is more than one page. */
export function PageButtons({
  page,
  totalPages,
  total,
  pageSize,
  noun,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingRange(page, pageSize, total, noun)}
      </Text>
      <Group gap={4} component="nav" aria-label="Pagination">
        <Button variant="default" size="md" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {paginationWindow(page, totalPages, ADMIN_PAGINATION_WINDOW).map((n) => (
          <Button
            key={n}
            size="md"
            miw={44}
            px="xs"
            variant={n === page ? "filled" : "default"}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="default" size="md" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
