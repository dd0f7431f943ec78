"use client";

import { Archive, ArchiveRestore, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { MenuBulkAction } from "./use-menu-queries";

// Menu Management's toolbar for the selected rows (issue 19): archive (or unarchive, in the
// archived view) and duplicate them all in one call.
export function MenuBulkBar({
  count,
  archivedView,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  archivedView: boolean;
  busy: boolean;
  onAction: (action: MenuBulkAction) => void;
  onClear: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Selected menu items"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-2"
    >
      <span className="px-1 text-sm font-medium">
        {count} {count === 1 ? "item" : "items"} selected
      </span>
      {archivedView ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("unarchive")}>
          <ArchiveRestore aria-hidden /> Unarchive selected
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("archive")}>
          <Archive aria-hidden /> Archive selected
        </Button>
      )}
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("duplicate")}>
        <Copy aria-hidden /> Duplicate selected
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
