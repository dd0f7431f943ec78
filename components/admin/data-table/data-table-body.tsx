"use client";

import { Fragment, type ComponentProps, type ReactElement, type ReactNode } from "react";
import type { ReactTable, Row, RowData, TableFeatures } from "@tanstack/react-table";
import { TableBody, TableCell, TableRow } from "@/components/ui/table";

// The body of a console table: its rows, or one full-width row saying why there are none.

const alignTop = () => "align-top";

/** What the empty table says: loading first, then the failure, else the empty text. */
export function tableMessage(
  state: { loading: boolean; failed: boolean },
  text: { loading: ReactNode; failed: ReactNode; empty: ReactNode },
): ReactNode {
  if (state.loading) return text.loading;
  return state.failed ? text.failed : text.empty;
}

export type DataTableBodyProps<TFeatures extends TableFeatures, TData extends RowData> = {
  table: ReactTable<TFeatures, TData>;
  /** The one row shown while there are no rows (see tableMessage); none when omitted. */
  message?: ReactNode;
  messageClassName?: string;
  /** Each cell's class by its column (every cell top-aligned unless given). */
  cellClassName?: (columnId: string) => string | undefined;
  rowProps?: (row: Row<TFeatures, TData>) => ComponentProps<"tr"> & { "data-state"?: string };
  /** A full-width row under the row (an expanded row's details), when not null. */
  subRow?: (row: Row<TFeatures, TData>) => ReactElement | null;
};

export function DataTableBody<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  message,
  messageClassName = "h-24 text-center",
  cellClassName = alignTop,
  rowProps,
  subRow,
}: DataTableBodyProps<TFeatures, TData>) {
  const rows = table.getRowModel().rows;
  const width = table.options.columns.length;
  return (
    <TableBody>
      {rows.length > 0
        ? rows.map((row) => {
            const under = subRow?.(row);
            return (
              <Fragment key={row.id}>
                <TableRow {...rowProps?.(row)}>
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className={cellClassName(cell.column.id)}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
                {under && (
                  <TableRow>
                    <TableCell colSpan={width} className="bg-muted/30">
                      {under}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })
        : message !== undefined && (
            <TableRow>
              <TableCell colSpan={width} className={messageClassName}>
                {message}
              </TableCell>
            </TableRow>
          )}
    </TableBody>
  );
}
