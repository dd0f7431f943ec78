"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/client/api";
import type { MenuItemDto } from "@/lib/contracts";
import { BulkUploadCard } from "./bulk-upload-card";
import { MenuBulkBar } from "./menu-bulk-bar";
import { filterMenuItems, MenuFilters } from "./menu-filters";
import { useMenuAddress } from "./use-menu-address";
import { MenuConfirmDialog, type Confirm } from "./menu-confirm-dialogs";
import { DetailDialog } from "./menu-item-detail-dialog";
import { MenuItemForm } from "./menu-item-form";
import {
  MenuActionsContext,
  MenuItemsGrid,
  MenuItemsTable,
  type MenuActions,
} from "./menu-items-table";
import {
  useMenuBulkAction,
  useMenuHasOrders,
  useMenuItemChange,
  useMenuItems,
  useRefreshMenuItems,
} from "./use-menu-queries";

/**
 * Menu Management (spec 001 §2): the add panel, the CSV upload, and every item as a table or
 * a grid, filtered in the browser, archived items behind a switch. Delete is offered only for
 * items without orders; delete and (un)archive ask first.
 */
export function MenuManagementSection() {
  const [formOpen, setFormOpen] = useState(false);
  const { view, setView, showArchived, setShowArchived, filters, setFilters } = useMenuAddress();
  const [detail, setDetail] = useState<MenuItemDto | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const itemsQuery = useMenuItems();
  const items = useMemo(() => itemsQuery.data ?? [], [itemsQuery.data]);
  const ids = useMemo(() => items.map((i) => i.id).sort((a, b) => a - b), [items]);
  const ordersQuery = useMenuHasOrders(ids);
  const visible = useMemo(
    () => filterMenuItems(items, filters, showArchived),
    [items, showArchived, filters],
  );
  const refresh = useRefreshMenuItems();
  const change = useMenuItemChange();
  // The table's selected rows, by item id; only the items shown count (a filter hides the rest).
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const selectedIds = visible.filter((i) => rowSelection[String(i.id)]).map((i) => i.id);
  const bulk = useMenuBulkAction(() => setRowSelection({}));

  const actions: MenuActions = {
    hasOrders: ordersQuery.data,
    busyId: change.isPending ? change.variables.item.id : null,
    view: setDetail,
    setAvailable: (item, isAvailable) => change.mutate({ kind: "availability", item, isAvailable }),
    duplicate: (item) => change.mutate({ kind: "duplicate", item }),
    confirmArchive: (item) => setConfirm({ kind: "archive", item }),
    confirmDelete: (item) => setConfirm({ kind: "delete", item }),
  };

  function confirmed() {
    if (!confirm) return;
    setConfirm(null);
    change.mutate(confirm);
  }

  return (
    <div className="grid gap-6">
      <Collapsible open={formOpen} onOpenChange={setFormOpen}>
        <Card>
          <CardHeader>
            <CollapsibleTrigger asChild>
              <Button variant="ghost" className="justify-start px-0 text-lg font-semibold">
                {formOpen ? "▾" : "▸"} Add New Menu Item
              </Button>
            </CollapsibleTrigger>
          </CardHeader>
          <CollapsibleContent>
            <CardContent>
              <MenuItemForm
                onSaved={() => {
                  setFormOpen(false);
                  void refresh();
                }}
              />
            </CardContent>
          </CollapsibleContent>
        </Card>
      </Collapsible>

      <BulkUploadCard />

      <Card>
        <CardHeader>
          <CardTitle>Current Menu Items</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex gap-1" role="group" aria-label="View">
              <Button
                size="sm"
                variant={view === "table" ? "default" : "outline"}
                aria-pressed={view === "table"}
                onClick={() => setView("table")}
              >
                Table
              </Button>
              <Button
                size="sm"
                variant={view === "grid" ? "default" : "outline"}
                aria-pressed={view === "grid"}
                onClick={() => setView("grid")}
              >
                Grid
              </Button>
            </div>
            <Label className="font-normal">
              <Switch
                checked={showArchived}
                onCheckedChange={(checked) => {
                  setShowArchived(checked);
                  setRowSelection({});
                }}
              />
              Show archived items
            </Label>
          </div>

          <MenuFilters filters={filters} onChange={setFilters} />

          {itemsQuery.isPending ? (
            <p className="text-sm text-muted-foreground">Loading menu items…</p>
          ) : itemsQuery.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(itemsQuery.error, "Failed to fetch menu items")}
            </p>
          ) : visible.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {showArchived ? "No archived menu items." : "No menu items found."}
            </p>
          ) : (
            <MenuActionsContext.Provider value={actions}>
              {view === "table" && selectedIds.length > 0 && (
                <MenuBulkBar
                  count={selectedIds.length}
                  archivedView={showArchived}
                  busy={bulk.isPending}
                  onAction={(action) => bulk.mutate({ action, itemIds: selectedIds })}
                  onClear={() => setRowSelection({})}
                />
              )}
              {view === "table" ? (
                <MenuItemsTable
                  items={visible}
                  rowSelection={rowSelection}
                  onRowSelectionChange={setRowSelection}
                />
              ) : (
                <MenuItemsGrid items={visible} />
              )}
            </MenuActionsContext.Provider>
          )}
        </CardContent>
      </Card>

      <DetailDialog item={detail} onClose={() => setDetail(null)} />
      <MenuConfirmDialog
        confirm={confirm}
        onClose={() => setConfirm(null)}
        onConfirmed={confirmed}
      />
    </div>
  );
}
