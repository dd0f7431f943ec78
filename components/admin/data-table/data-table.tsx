"use client";

import {
  useTable,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  type TableFeatures,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import {
  DataTableBody,
  type DataTableBodyProps,
} from "@/components/admin/data-table/data-table-body";
import { DataTableHeader } from "@/components/admin/data-table/data-table-header";
import {
  orderTableFeatures,
  selectedRowProps,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { Table } from "@/components/ui/table";
import { cn } from "@/lib/utils";

// A console table in its bordered, sideways-scrolling frame: the header, then the body.

type FrameProps = {
  frameClassName?: string;
  tableClassName?: string;
  headClassName?: (columnId: string) => string | undefined;
  /** Rows under the column names (Live Orders' filters). */
  headerRows?: ReactNode;
};

export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  frameClassName,
  tableClassName,
  headClassName,
  headerRows,
  ...body
}: FrameProps & DataTableBodyProps<TFeatures, TData>) {
  return (
    <div className={cn("overflow-x-auto rounded-md border", frameClassName)}>
      <Table className={tableClassName}>
        <DataTableHeader table={body.table} headClassName={headClassName}>
          {headerRows}
        </DataTableHeader>
        <DataTableBody {...body} />
      </Table>
    </div>
  );
}

/** An order list whose rows are selected with checkboxes, the selection held by the caller. */
export function SelectableTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  rowSelection,
  onRowSelectionChange,
  ...shown
}: {
  columns: OrderColumn<TData>[];
  data: TData[];
  getRowId: (row: TData) => string;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
} & FrameProps &
  Omit<DataTableBodyProps<typeof orderTableFeatures, TData>, "table" | "rowProps">) {
  const table = useTable({
    features: orderTableFeatures,
    data,
    columns,
    getRowId,
    state: { rowSelection },
    onRowSelectionChange,
    enableRowSelection: true,
  });
  return <DataTable table={table} rowProps={selectedRowProps} {...shown} />;
}
