"use client";

import { Archive, ArchiveRestore, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { MenuBulkAction } from "./use-menu-queries";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** The confirmation of a bulk (un)archive, as the single item's (spec 001 §2) asks for one. */
function confirmTexts(action: "archive" | "unarchive", count: number) {
  return action === "archive"
    ? {
        title: "Archive Menu Items",
        description: `Archive the ${items(count)} selected? They will no longer show in the menu.`,
        label: "Archive",
      }
    : {
        title: "Unarchive Menu Items",
        description: `Unarchive the ${items(count)} selected? They will show in the menu again.`,
        label: "Unarchive",
      };
}

// Menu Management's toolbar for the selected rows (issue 19): archive (or unarchive, in the
// archived view) after a confirmation, and duplicate, each in one call for all of them.
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
  const [asking, setAsking] = useState<"archive" | "unarchive" | null>(null);
  const archiveAction = archivedView ? "unarchive" : "archive";
  const texts = confirmTexts(asking ?? archiveAction, count);

  return (
    <div
      role="toolbar"
      aria-label="Selected menu items"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-2"
    >
      <span className="px-1 text-sm font-medium">{items(count)} selected</span>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking(archiveAction)}>
        {archivedView ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
        {archivedView ? "Unarchive selected" : "Archive selected"}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction("duplicate")}>
        <Copy aria-hidden /> Duplicate selected
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={texts.title}
        description={texts.description}
        actionLabel={texts.label}
        onConfirm={() => asking && onAction(asking)}
      />
    </div>
  );
}
