"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import Link from "next/link";
import { createContext, useContext, useMemo, useRef, useState, type ChangeEvent } from "react";
import { MenuItemForm } from "@/components/admin/menu/menu-item-form";
import { weekdayName } from "@/lib/client/format";
import { notify } from "@/components/notifications/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { DataTableHeader } from "@/components/admin/data-table-header";
import { api, errorMessage } from "@/lib/client/api";
import type { MenuItemDto } from "@/lib/contracts";
import type { BulkUploadResult } from "@/lib/contracts/menu";
import { MENU_CSV_TEMPLATE } from "@/lib/menu/menu-csv";
import { formatZmw } from "@/lib/money";
import { MENU_DAYS, MENU_WEEKS } from "@/lib/validations/menu";

export const MENU_ITEMS_KEY = ["admin-menu-items"] as const;
export const MENU_TEMPLATE_FILE = "menu-items-template.csv";

type Availability = "all" | "available" | "unavailable";
type Filters = { week: string; day: string; availability: Availability };
const NO_FILTERS: Filters = { week: "all", day: "all", availability: "all" };

function fail(error: unknown, fallback: string) {
  notify({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
}

function success(description: string) {
  notify({ title: "Success", description, variant: "success" });
}

function daysText(days: number[]): string {
  return days.map(weekdayName).join(", ");
}

// ---------------------------------------------------------------------------------------------
// Row actions, shared by the table and the grid through a context (the columns stay static).

type MenuActions = {
  hasOrders: Record<string, boolean> | undefined;
  busyId: number | null;
  view: (item: MenuItemDto) => void;
  setAvailable: (item: MenuItemDto, isAvailable: boolean) => void;
  duplicate: (item: MenuItemDto) => void;
  confirmArchive: (item: MenuItemDto) => void;
  confirmDelete: (item: MenuItemDto) => void;
};

const ActionsContext = createContext<MenuActions | null>(null);

function useActions(): MenuActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error("Menu actions are missing");
  return actions;
}

function AvailabilitySwitch({ item }: { item: MenuItemDto }) {
  const { setAvailable, busyId } = useActions();
  return (
    <Switch
      aria-label={`Available: ${item.name}`}
      checked={item.isAvailable}
      disabled={busyId === item.id}
      onCheckedChange={(checked) => setAvailable(item, checked)}
    />
  );
}

function ItemActions({ item }: { item: MenuItemDto }) {
  const { hasOrders, busyId, view, duplicate, confirmArchive, confirmDelete } = useActions();
  const deletable = hasOrders !== undefined && hasOrders[String(item.id)] === false;
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="sm"
        variant="outline"
        onClick={() => view(item)}
        aria-label={`View ${item.name}`}
      >
        View
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busyId === item.id}
        onClick={() => duplicate(item)}
        aria-label={`Duplicate ${item.name}`}
      >
        Duplicate
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => confirmArchive(item)}
        aria-label={`${item.isArchived ? "Unarchive" : "Archive"} ${item.name}`}
      >
        {item.isArchived ? "Unarchive" : "Archive"}
      </Button>
      {deletable ? (
        <Button
          size="sm"
          variant="destructive"
          onClick={() => confirmDelete(item)}
          aria-label={`Delete ${item.name}`}
        >
          Delete
        </Button>
      ) : null}
    </div>
  );
}

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, MenuItemDto>();
const columns = helper.columns([
  helper.accessor("name", { header: "Name" }),
  helper.accessor("type", {
    header: "Type",
    cell: ({ row }) => <span className="capitalize">{row.original.type}</span>,
  }),
  helper.accessor("price", {
    header: "Price",
    cell: ({ row }) => formatZmw(row.original.price),
  }),
  helper.accessor("weekNumbers", {
    header: "Weeks",
    cell: ({ row }) => row.original.weekNumbers.join(", "),
  }),
  helper.accessor("daysOfWeek", {
    header: "Days",
    cell: ({ row }) => daysText(row.original.daysOfWeek),
  }),
  helper.accessor("isAvailable", {
    header: "Available",
    cell: ({ row }) => <AvailabilitySwitch item={row.original} />,
  }),
  helper.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => <ItemActions item={row.original} />,
  }),
]);

function MenuItemsTable({ items }: { items: MenuItemDto[] }) {
  const table = useTable({ features, columns, data: items });
  return (
    <Table>
      <DataTableHeader table={table} />
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function MenuItemsGrid({ items }: { items: MenuItemDto[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Menu items">
      {items.map((item) => (
        <li key={item.id}>
          <Card>
            <CardHeader>
              <CardTitle>{item.name}</CardTitle>
              <CardDescription>
                {formatZmw(item.price)} · <span className="capitalize">{item.type}</span>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {item.description ? <p>{item.description}</p> : null}
              <p>Weeks: {item.weekNumbers.join(", ")}</p>
              <p>Days: {daysText(item.daysOfWeek)}</p>
              <div className="flex items-center gap-2">
                <AvailabilitySwitch item={item} />
                <span>{item.isAvailable ? "Available" : "Unavailable"}</span>
              </div>
              <ItemActions item={item} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function DetailDialog({ item, onClose }: { item: MenuItemDto | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {item ? (
          <>
            <DialogHeader>
              <DialogTitle>{item.name}</DialogTitle>
              <DialogDescription>{item.description || "No description"}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">Schedule</dt>
              <dd>
                Weeks {item.weekNumbers.join(", ")}; {daysText(item.daysOfWeek)}
              </dd>
              <dt className="font-medium">Allergens</dt>
              <dd>{item.allergens.length > 0 ? item.allergens.join(", ") : "None"}</dd>
              <dt className="font-medium">Available sides</dt>
              <dd>{item.sideDishes.length > 0 ? item.sideDishes.join(", ") : "None"}</dd>
              <dt className="font-medium">Price</dt>
              <dd>{formatZmw(item.price)}</dd>
              <dt className="font-medium">Availability</dt>
              <dd>
                <Badge variant={item.isAvailable ? "default" : "secondary"}>
                  {item.isAvailable ? "Available" : "Unavailable"}
                </Badge>
              </dd>
            </dl>
            <DialogFooter>
              <Button asChild>
                <Link href={`/menu/edit/${item.id}`}>Edit Item</Link>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------

function BulkUploadCard({ onUploaded }: { onUploaded: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !chosen.name.toLowerCase().endsWith(".csv")) {
      notify({
        title: "Invalid File Type",
        description: "Please select a CSV file.",
        variant: "destructive",
      });
      event.target.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) {
      notify({
        title: "No File Selected",
        description: "Please choose a CSV file to upload.",
        variant: "destructive",
      });
      return;
    }
    setUploading(true);
    setErrors([]);
    try {
      const formData = new FormData();
      formData.append("file", file);
      const response = await fetch("/api/menu/bulk-upload", {
        method: "POST",
        body: formData,
        credentials: "same-origin",
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (!response.ok) {
        const record = (body ?? {}) as { message?: unknown; error?: unknown };
        const message =
          typeof record.message === "string" && record.message
            ? record.message
            : typeof record.error === "string" && record.error
              ? record.error
              : "Failed to upload menu items";
        notify({ title: "Upload Failed", description: message, variant: "destructive" });
        return;
      }
      const result = body as BulkUploadResult;
      notify({
        title: "Upload Complete",
        description: `${result.successCount} menu items uploaded successfully. ${result.errorCount} items had errors.`,
        variant: result.errorCount > 0 ? "default" : "success",
      });
      setErrors(result.errors ?? []);
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      onUploaded();
    } catch {
      notify({
        title: "Upload Failed",
        description: "Failed to upload menu items",
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  }

  function downloadTemplate() {
    const blob = new Blob([MENU_CSV_TEMPLATE], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = MENU_TEMPLATE_FILE;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    notify({
      title: "Template Downloaded",
      description: `Fill in ${MENU_TEMPLATE_FILE} and upload it to add menu items.`,
      variant: "success",
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Upload Menu Items</CardTitle>
        <CardDescription>
          Upload a CSV file with the columns name, description, price, type, categories,
          proteinDescriptions, weekNumbers, daysOfWeek, allergens, sideDishes, isAvailable.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="menu-csv-file">CSV file</Label>
            <Input
              id="menu-csv-file"
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              className="max-w-xs"
            />
          </div>
          <Button onClick={() => void upload()} disabled={uploading}>
            {uploading ? "Uploading…" : "Upload CSV"}
          </Button>
          <Button variant="outline" onClick={downloadTemplate}>
            Download Template
          </Button>
        </div>
        {errors.length > 0 ? (
          <div
            role="alert"
            className="rounded-lg border border-destructive/50 p-4 text-sm text-destructive"
          >
            <h4 className="mb-2 font-medium">Upload Errors</h4>
            <ul className="list-disc space-y-1 pl-5">
              {errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

type Confirm = { kind: "delete" | "archive"; item: MenuItemDto } | null;

export function MenuManagementSection() {
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const [view, setView] = useState<"table" | "grid">("table");
  const [showArchived, setShowArchived] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [detail, setDetail] = useState<MenuItemDto | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const itemsQuery = useQuery({
    queryKey: MENU_ITEMS_KEY,
    queryFn: async () => {
      try {
        return await api("/api/menu");
      } catch (error) {
        fail(error, "Failed to fetch menu items");
        throw error;
      }
    },
  });
  const items = useMemo(() => itemsQuery.data ?? [], [itemsQuery.data]);
  const ids = useMemo(() => items.map((i) => i.id).sort((a, b) => a - b), [items]);

  const ordersQuery = useQuery({
    queryKey: [...MENU_ITEMS_KEY, "has-orders", ids],
    enabled: ids.length > 0,
    queryFn: async () => {
      try {
        return await api("/api/menu/has-orders-batch", {
          method: "POST",
          body: { menuItemIds: ids },
        });
      } catch (error) {
        fail(error, "Failed to check orders");
        throw error;
      }
    },
  });

  const visible = useMemo(
    () =>
      items.filter(
        (item) =>
          item.isArchived === showArchived &&
          (filters.week === "all" || item.weekNumbers.includes(Number(filters.week))) &&
          (filters.day === "all" || item.daysOfWeek.includes(Number(filters.day))) &&
          (filters.availability === "all" ||
            item.isAvailable === (filters.availability === "available")),
      ),
    [items, showArchived, filters],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: MENU_ITEMS_KEY });

  async function run(item: MenuItemDto, action: () => Promise<void>, fallback: string) {
    setBusyId(item.id);
    try {
      await action();
      await refresh();
    } catch (error) {
      fail(error, fallback);
    } finally {
      setBusyId(null);
    }
  }

  const actions: MenuActions = {
    hasOrders: ordersQuery.data,
    busyId,
    view: setDetail,
    setAvailable: (item, isAvailable) =>
      void run(
        item,
        async () => {
          await api(`/api/menu/${item.id}/availability`, {
            method: "PATCH",
            body: { isAvailable },
          });
          success("Menu item availability updated");
        },
        "Failed to update menu item availability",
      ),
    duplicate: (item) =>
      void run(
        item,
        async () => {
          await api("/api/menu/duplicate", { method: "POST", body: { itemIds: [item.id] } });
          success("Menu item duplicated. You can now modify the new copy.");
        },
        "Failed to duplicate menu item",
      ),
    confirmArchive: (item) => setConfirm({ kind: "archive", item }),
    confirmDelete: (item) => setConfirm({ kind: "delete", item }),
  };

  async function confirmed() {
    if (!confirm) return;
    const { kind, item } = confirm;
    setConfirm(null);
    if (kind === "delete") {
      await run(
        item,
        async () => {
          await api(`/api/menu/${item.id}`, { method: "DELETE" });
          success("Menu item deleted successfully");
        },
        "Failed to delete menu item",
      );
    } else {
      const isArchived = !item.isArchived;
      await run(
        item,
        async () => {
          await api(`/api/menu/${item.id}/archive`, { method: "PATCH", body: { isArchived } });
          success(`Menu item ${isArchived ? "archived" : "unarchived"} successfully`);
        },
        "Failed to archive menu item",
      );
    }
  }

  const filtered =
    filters.week !== "all" || filters.day !== "all" || filters.availability !== "all";

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

      <BulkUploadCard onUploaded={() => void refresh()} />

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
              <Switch checked={showArchived} onCheckedChange={setShowArchived} />
              Show archived items
            </Label>
          </div>

          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label>Week</Label>
              <Select
                value={filters.week}
                onValueChange={(week) => setFilters((f) => ({ ...f, week }))}
              >
                <SelectTrigger aria-label="Filter by week" className="w-36">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">All weeks</SelectItem>
                  {MENU_WEEKS.map((w) => (
                    <SelectItem key={w} value={String(w)}>
                      Week {w}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label>Day</Label>
              <Select
                value={filters.day}
                onValueChange={(day) => setFilters((f) => ({ ...f, day }))}
              >
                <SelectTrigger aria-label="Filter by day" className="w-36">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">All days</SelectItem>
                  {MENU_DAYS.map((d) => (
                    <SelectItem key={d} value={String(d)}>
                      {weekdayName(d)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label>Availability</Label>
              <Select
                value={filters.availability}
                onValueChange={(availability) =>
                  setFilters((f) => ({ ...f, availability: availability as Availability }))
                }
              >
                <SelectTrigger aria-label="Filter by availability" className="w-36">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">All</SelectItem>
                  <SelectItem value="available">Available</SelectItem>
                  <SelectItem value="unavailable">Unavailable</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <Button variant="outline" disabled={!filtered} onClick={() => setFilters(NO_FILTERS)}>
              Clear Filters
            </Button>
          </div>

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
            <ActionsContext.Provider value={actions}>
              {view === "table" ? (
                <MenuItemsTable items={visible} />
              ) : (
                <MenuItemsGrid items={visible} />
              )}
            </ActionsContext.Provider>
          )}
        </CardContent>
      </Card>

      <DetailDialog item={detail} onClose={() => setDetail(null)} />

      <AlertDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm?.kind === "delete"
                ? "Delete Menu Item"
                : confirm?.item.isArchived
                  ? "Unarchive Menu Item"
                  : "Archive Menu Item"}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.kind === "delete"
                ? `Delete "${confirm.item.name}"? This cannot be undone.`
                : confirm?.item.isArchived
                  ? `Unarchive "${confirm.item.name}"? It will show in the menu again.`
                  : `Archive "${confirm?.item.name ?? ""}"? It will no longer show in the menu.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmed()}>
              {confirm?.kind === "delete"
                ? "Delete"
                : confirm?.item.isArchived
                  ? "Unarchive"
                  : "Archive"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
