"use client";

import { useMemo } from "react";
import { portionKey } from "@/components/admin/kitchen/kitchen-format";
import type { DayPortions, KitchenOrders, MenuItemPortion } from "@/lib/contracts/kitchen";

// The kitchen's tables from one answer: the days that have portions, each day's Primary and
// Secondary rows (a part without rows left out), an item marked done when none of its orders is
// still pending.

export type PortionRow = MenuItemPortion & { key: string; done: boolean };

function toRows(
  day: DayPortions,
  portions: MenuItemPortion[],
  pending: Set<string>,
  exact: boolean,
): PortionRow[] {
  return portions.map((portion) => ({
    ...portion,
    key: portionKey(day.dayOfWeek, portion),
    done: exact && !pending.has(`${day.dayOfWeek}:${portion.type}:${portion.name}`),
  }));
}

export function usePortionRows(data: KitchenOrders | undefined) {
  const days = useMemo(
    () => (data?.portions ?? []).filter((d) => d.primary.length + d.secondary.length > 0),
    [data?.portions],
  );
  // Which items still have pending orders (by day, type and name: the orders carry no item id).
  // The "Completed" mark is shown only when every order of the selection was loaded.
  const pending = useMemo(() => {
    const keys = new Set<string>();
    for (const order of data?.data ?? []) {
      if (order.status === "pending" && order.menuItem) {
        keys.add(`${order.dayOfWeek}:${order.menuItem.type}:${order.menuItem.name}`);
      }
    }
    return keys;
  }, [data?.data]);
  const exact = data ? data.metadata.total <= data.data.length : false;
  const tables = useMemo(
    () =>
      days.map((day) => ({
        day,
        parts: [
          { title: "Primary Portions", rows: toRows(day, day.primary, pending, exact) },
          { title: "Secondary Portions", rows: toRows(day, day.secondary, pending, exact) },
        ].filter((part) => part.rows.length > 0),
      })),
    [days, pending, exact],
  );
  return { days, tables };
}
