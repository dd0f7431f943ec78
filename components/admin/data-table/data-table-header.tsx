"use client";

import type { ReactNode } from "react";
import type { ReactTable, RowData, TableFeatures } from "@tanstack/react-table";
import { TableHead, TableHeader, TableRow } from "@/components/ui/table";

/**
 * The header rows of a console table: one cell per column, placeholders left empty. `children`
 * are extra rows under them (Live Orders' filter row).
 */
export function DataTableHeader<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  headClassName,
  children,
}: {
  table: ReactTable<TFeatures, TData>;
  headClassName?: (columnId: string) => string | undefined;
  children?: ReactNode;
}) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((header) => (
            <TableHead key={header.id} className={headClassName?.(header.column.id)}>
              {header.isPlaceholder ? null : <table.FlexRender header={header} />}
            </TableHead>
          ))}
        </TableRow>
      ))}
      {children}
    </TableHeader>
  );
}
