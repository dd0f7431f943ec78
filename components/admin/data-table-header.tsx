"use client";

import type { ReactTable, RowData, TableFeatures } from "@tanstack/react-table";
import { TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** The header rows of a console table: one cell per column, placeholders left empty. */
export function DataTableHeader<TFeatures extends TableFeatures, TData extends RowData>({
  table,
}: {
  table: ReactTable<TFeatures, TData>;
}) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((header) => (
            <TableHead key={header.id}>
              {header.isPlaceholder ? null : <table.FlexRender header={header} />}
            </TableHead>
          ))}
        </TableRow>
      ))}
    </TableHeader>
  );
}
