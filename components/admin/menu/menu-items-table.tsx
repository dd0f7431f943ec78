"use client";

import { createColumnHelper, type OnChangeFn, type RowSelectionState } from "@tanstack/react-table";
import { Archive, ArchiveRestore, Copy, Eye, Trash2 } from "lucide-react";
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { SelectableTable } from "@/components/admin/data-table/data-table";
import { type orderTableFeatures, selectColumn } from "@/components/admin/data-table/order-columns";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";
import { weekdayName } from "@/lib/client/format";
import type { MenuItemDto } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";

// The menu items as a table or as a grid of cards, each with its availability switch and actions.

export function daysText(days: number[]): string {
  return days.map(weekdayName).join(", ");
}

const SHORT_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;

/** The table's short form: "Mon–Fri" for every school day, else "Mon, Wed, Fri". */
export function shortDaysText(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.join() === "1,2,3,4,5") return "Mon–Fri";
  return sorted.map((day) => SHORT_DAYS[day - 1] ?? weekdayName(day)).join(", ");
}

/** The price, and the discount price with the price struck through when there is one. */
function PriceCell({ item }: { item: MenuItemDto }) {
  if (!item.discountPrice) return <span className="tabular-nums">{formatZmw(item.price)}</span>;
  return (
    <div className="grid tabular-nums">
      <span className="font-medium">{formatZmw(item.discountPrice)}</span>
      <s className="text-xs text-muted-foreground">{formatZmw(item.price)}</s>
    </div>
  );
}

// Row actions, shared by the table and the grid through a context (the columns stay static).

export type MenuActions = {
  hasOrders: Record<string, boolean> | undefined;
  busyId: number | null;
  view: (item: MenuItemDto) => void;
  setAvailable: (item: MenuItemDto, isAvailable: boolean) => void;
  duplicate: (item: MenuItemDto) => void;
  confirmArchive: (item: MenuItemDto) => void;
  confirmDelete: (item: MenuItemDto) => void;
};

export const MenuActionsContext = createContext<MenuActions | null>(null);

function useActions(): MenuActions {
  const actions = useContext(MenuActionsContext);
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

/**
 * One of a row's actions: in the table (`inline`) an icon with the action's name on hover and
 * focus, so the four fit one line of a 1366 px desk; in a card, the word.
 */
function ActionButton({
  inline,
  label,
  icon,
  text,
  ...props
}: {
  inline: boolean;
  label: string;
  icon: ReactNode;
  text: string;
} & Omit<ComponentProps<typeof Button>, "children">) {
  return (
    <Button size={inline ? "icon" : "sm"} aria-label={label} title={label} {...props}>
      {inline ? icon : text}
    </Button>
  );
}

/** The row's actions: one line of icons in the table (`inline`), words wrapping in a card. */
function ItemActions({ item, inline = false }: { item: MenuItemDto; inline?: boolean }) {
  const { hasOrders, busyId, view, duplicate, confirmArchive, confirmDelete } = useActions();
  const deletable = hasOrders !== undefined && hasOrders[String(item.id)] === false;
  const archive = item.isArchived ? "Unarchive" : "Archive";
  return (
    <div className={inline ? "flex flex-nowrap gap-1" : "flex flex-wrap gap-1"}>
      <ActionButton
        inline={inline}
        variant="outline"
        label={`View ${item.name}`}
        icon={<Eye aria-hidden />}
        text="View"
        onClick={() => view(item)}
      />
      <ActionButton
        inline={inline}
        variant="outline"
        label={`Duplicate ${item.name}`}
        icon={<Copy aria-hidden />}
        text="Duplicate"
        disabled={busyId === item.id}
        onClick={() => duplicate(item)}
      />
      <ActionButton
        inline={inline}
        variant="outline"
        label={`${archive} ${item.name}`}
        icon={item.isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
        text={archive}
        onClick={() => confirmArchive(item)}
      />
      {deletable ? (
        <ActionButton
          inline={inline}
          variant="destructive"
          label={`Delete ${item.name}`}
          icon={<Trash2 aria-hidden />}
          text="Delete"
          onClick={() => confirmDelete(item)}
        />
      ) : null}
    </div>
  );
}

const helper = createColumnHelper<typeof orderTableFeatures, MenuItemDto>();
const columns = helper.columns([
  // Row selection for the bulk actions (issue 19): archive, unarchive, duplicate.
  selectColumn<MenuItemDto>({
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all menu items shown"
        checked={
          table.getIsAllRowsSelected()
            ? true
            : table.getIsSomeRowsSelected()
              ? "indeterminate"
              : false
        }
        disabled={table.getRowModel().rows.length === 0}
        onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
      />
    ),
    label: (item) => `Select ${item.name}`,
  }),
  helper.accessor("name", {
    header: "Name",
    cell: ({ row }) => <TruncatedText text={row.original.name} className="max-w-48 font-medium" />,
  }),
  helper.accessor("type", {
    header: "Type",
    cell: ({ row }) => <span className="capitalize">{row.original.type}</span>,
  }),
  helper.accessor("price", {
    header: "Price",
    cell: ({ row }) => <PriceCell item={row.original} />,
  }),
  helper.accessor("weekNumbers", {
    header: "Weeks",
    cell: ({ row }) => row.original.weekNumbers.join(", "),
  }),
  helper.accessor("daysOfWeek", {
    header: "Days",
    cell: ({ row }) => (
      <span title={daysText(row.original.daysOfWeek)}>
        {shortDaysText(row.original.daysOfWeek)}
      </span>
    ),
  }),
  helper.accessor("isAvailable", {
    header: "Available",
    cell: ({ row }) => <AvailabilitySwitch item={row.original} />,
  }),
  helper.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) => <ItemActions item={row.original} inline />,
  }),
]);

const itemRowId = (item: MenuItemDto) => String(item.id);
// The days wrap, so that the actions stay in view on a laptop.
const menuCellClass = (columnId: string) =>
  columnId === "daysOfWeek" ? "min-w-40 align-middle whitespace-normal" : "align-middle";

export function MenuItemsTable({
  items,
  rowSelection,
  onRowSelectionChange,
}: {
  items: MenuItemDto[];
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
}) {
  return (
    <SelectableTable
      columns={columns}
      data={items}
      getRowId={itemRowId}
      rowSelection={rowSelection}
      onRowSelectionChange={onRowSelectionChange}
      cellClassName={menuCellClass}
    />
  );
}

export function MenuItemsGrid({ items }: { items: MenuItemDto[] }) {
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
