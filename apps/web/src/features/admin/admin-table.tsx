import { Card, Skeleton, Table, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { LoadError, PageButtons, ScrollTable } from "./shared";

/** One column: its header (a `th scope="col"`) and, unless the table renders whole rows, its cell. */
export interface AdminColumn<Row> {
  header: ReactNode;
  cell?: (row: Row) => ReactNode;
}

/**
 * The one table of the admin console (docs/product.md#admin-console): a card holding a
 * horizontally scrollable, named table (ScrollTable) with `columns`; while `rows` is undefined,
 * `skeletonRows` skeleton rows; with none, `empty` in one dimmed row; the paging under it
 * (PageButtons, shown when there is more than one page). A failed first load (`error` with no rows)
 * is the load-failure alert with Retry instead of the table. `renderRow` draws a whole row itself
 * (a `Table.Tr`, for rows with their own state) in place of the columns' cells. `bare` leaves out
 * the card (a table inside a dialog).
 */
export function AdminTable<Row>(props: {
  label: string;
  minWidth: number;
  columns: readonly (AdminColumn<Row> | null)[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  renderRow?: (row: Row) => ReactNode;
  skeletonRows?: number;
  fetching?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: "xs" | "sm";
  bare?: boolean;
  error?: { title: string; error: unknown; onRetry: () => void } | null;
  paging?: Parameters<typeof PageButtons>[0] | null;
}) {
  const columns = props.columns.filter((column): column is AdminColumn<Row> => column !== null);
  const { rows, error } = props;
  if (error && !rows) return <LoadError title={error.title} error={error.error} onRetry={error.onRetry} />;
  const span = columns.length;
  const table = (
    <ScrollTable label={props.label} minWidth={props.minWidth}>
      <Table verticalSpacing={props.verticalSpacing ?? "sm"} highlightOnHover={props.highlightOnHover}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows ? (
            Array.from({ length: props.skeletonRows ?? 1 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={span}>
                  <Skeleton h={32} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text c="dimmed" ta="center" py="md">
                  {props.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) =>
              props.renderRow ? (
                <Fragment key={props.rowKey(row)}>{props.renderRow(row)}</Fragment>
              ) : (
                <Table.Tr key={props.rowKey(row)}>
                  {columns.map((column, i) => (
                    <Table.Td key={i}>{column.cell?.(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ),
            )
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
  return (
    <>
      {props.bare ? (
        table
      ) : (
        <Card padding={0} aria-busy={props.fetching}>
          {table}
        </Card>
      )}
      {rows && props.paging ? <PageButtons {...props.paging} /> : null}
    </>
  );
}
