"use client";

import { MoveHorizontal } from "lucide-react";
import * as React from "react";

import { slotted } from "@/components/ui/slotted";
import { useScrollEdges } from "@/components/ui/use-scroll-edges";
import { cn } from "@/lib/utils";

/**
 * A table in a container that scrolls sideways when the screen is too narrow, and says so (issue
 * 25): a line above it and a fade on the side where more columns wait, gone once nothing is hidden.
 * While it scrolls, the container is a named region in the tab order, so that a keyboard can
 * scroll it too (its arrow keys), not only a finger or a mouse.
 */
function Table({ className, ...props }: React.ComponentProps<"table">) {
  const container = React.useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(container);
  const cue = React.useId();
  return (
    <div data-slot="table-frame" className="grid w-full min-w-0 gap-1">
      {edges.overflows && (
        <p
          id={cue}
          data-slot="table-scroll-cue"
          className="flex items-center gap-1 px-2 pt-1 text-xs text-muted-foreground"
        >
          <MoveHorizontal aria-hidden className="size-3.5" />
          Scroll sideways to see every column
        </p>
      )}
      <div className="relative min-w-0">
        <div
          ref={container}
          data-slot="table-container"
          {...(edges.overflows && { tabIndex: 0, role: "region", "aria-labelledby": cue })}
          className="relative w-full overflow-x-auto outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid"
        >
          <table
            data-slot="table"
            className={cn("w-full caption-bottom text-sm", className)}
            {...props}
          />
        </div>
        {edges.left && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-background to-transparent"
          />
        )}
        {edges.right && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-background to-transparent"
          />
        )}
      </div>
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
