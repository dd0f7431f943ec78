import * as React from "react";

import { slotted } from "@/components/ui/slotted";
import { cn } from "@/lib/utils";

function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b");

const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");

const TableFooter = slotted(
  "tfoot",
  "table-footer",
  "border-t bg-muted/50 font-medium [&>tr]:last:border-b-0",
);

const TableRow = slotted(
  "tr",
  "table-row",
  "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
);

// A checkbox column stays narrow and its box lines up with the text.
const CHECKBOX_CELL = "[&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]";

const TableHead = slotted("th", "table-head", [
  "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground",
  CHECKBOX_CELL,
]);

const TableCell = slotted("td", "table-cell", [
  "p-2 align-middle whitespace-nowrap",
  CHECKBOX_CELL,
]);

const TableCaption = slotted("caption", "table-caption", "mt-4 text-sm text-muted-foreground");

export { Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption };
