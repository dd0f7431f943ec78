"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  notify,
  toastError,
  toastFailure,
  toastSuccess,
  useErrorToast,
} from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { MenuItemDto } from "@/lib/contracts";
import type { BulkUploadResult } from "@/lib/contracts/menu";
import type { MenuItemValues } from "@/lib/validations/menu";
import { menuItemBody, type EditableItem } from "./menu-item-values";
import { plural } from "@/lib/client/format";

// The Menu Management calls (spec 001 §7) with their toasts (§8). A change to an item refetches
// the list (and with it which items have orders).

export function useMenuItems() {
  return useQuery({
    queryKey: queryKeys.adminMenuItems,
    queryFn: async () => {
      try {
        return await api("/api/menu");
      } catch (error) {
        toastError(error, "Failed to fetch menu items");
        throw error;
      }
    },
  });
}

/** Which of the items (by sorted id) have orders: only those without may be deleted. */
export function useMenuHasOrders(ids: number[]) {
  return useQuery({
    queryKey: queryKeys.adminMenuHasOrders(ids),
    enabled: ids.length > 0,
    queryFn: async () => {
      try {
        return await api("/api/menu/has-orders-batch", {
          method: "POST",
          body: { menuItemIds: ids },
        });
      } catch (error) {
        toastError(error, "Failed to check orders");
        throw error;
      }
    },
  });
}

export function useRefreshMenuItems() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.adminMenuItems });
}

const hasOrdersOf = (itemId: number) => api(`/api/menu/${itemId}/has-orders`);

/** Spec 001 §8: the toast when the has-orders check fails (the name then stays locked). */
export const ORDER_CHECK_FAILED = "Failed to check order status";

/** Whether an item has orders (its name is then locked); not asked while `enabled` is false. */
export function useMenuItemHasOrders(itemId: number | undefined, enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.menuItemHasOrders(itemId ?? ""),
    queryFn: () => hasOrdersOf(itemId ?? 0),
    enabled: enabled && itemId !== undefined,
  });
  useErrorToast(query.error, ORDER_CHECK_FAILED);
  return query;
}

/** /menu/edit/{id}: the item with its version and whether it has orders, read afresh each time. */
export function useMenuItemToEdit(itemId: number) {
  const itemQuery = useQuery({
    queryKey: queryKeys.menuItem(itemId),
    queryFn: () => api(`/api/menu/${itemId}`),
    staleTime: 0,
  });
  const ordersQuery = useQuery({
    queryKey: queryKeys.menuItemHasOrders(itemId),
    queryFn: () => hasOrdersOf(itemId),
    staleTime: 0,
  });
  // Not when the item itself failed: that screen says so already.
  useErrorToast(itemQuery.isError ? null : ordersQuery.error, ORDER_CHECK_FAILED);
  return { itemQuery, ordersQuery };
}

/** Adds an item, or (with `item`) saves the edited one with the version it was loaded at. */
export function useSaveMenuItem() {
  return useMutation({
    mutationFn: ({ item, values }: { item?: EditableItem; values: MenuItemValues }) =>
      item
        ? api(`/api/menu/${item.id}`, {
            method: "PUT",
            body: menuItemBody(values, item.version),
          })
        : api("/api/menu", { method: "POST", body: menuItemBody(values) }),
    onSuccess: (_saved, { item }) =>
      toastSuccess(
        "Success",
        item ? "Menu item updated successfully" : "Menu item created successfully",
      ),
    onError: (error) => toastError(error, "Failed to save menu item"),
  });
}

/** A change of one item from the list or the form; `archive` archives or unarchives it. */
export type MenuItemChange =
  | { kind: "availability"; item: MenuItemDto; isAvailable: boolean }
  | { kind: "duplicate" | "archive" | "delete"; item: MenuItemDto };

const CHANGE_FAILED: Record<MenuItemChange["kind"], string> = {
  availability: "Failed to update menu item availability",
  duplicate: "Failed to duplicate menu item",
  archive: "Failed to archive menu item",
  delete: "Failed to delete menu item",
};

/** Makes the change; answers the success message and, for a duplicate, the copy's id. */
async function applyChange(change: MenuItemChange): Promise<{ done: string; copyId?: number }> {
  const { item } = change;
  switch (change.kind) {
    case "availability":
      await api(`/api/menu/${item.id}/availability`, {
        method: "PATCH",
        body: { isAvailable: change.isAvailable },
      });
      return { done: "Menu item availability updated" };
    case "duplicate": {
      const copies = await api("/api/menu/duplicate", {
        method: "POST",
        body: { itemIds: [item.id] },
      });
      return {
        done: "Menu item duplicated. You can now modify the new copy.",
        copyId: copies[0]?.id,
      };
    }
    case "archive": {
      const isArchived = !item.isArchived;
      await api(`/api/menu/${item.id}/archive`, { method: "PATCH", body: { isArchived } });
      return { done: `Menu item ${isArchived ? "archived" : "unarchived"} successfully` };
    }
    case "delete":
      await api(`/api/menu/${item.id}`, { method: "DELETE" });
      return { done: "Menu item deleted successfully" };
  }
}

/** One item's change; pending until the list is read again, so its controls stay disabled. */
export function useMenuItemChange() {
  const refresh = useRefreshMenuItems();
  return useMutation({
    mutationFn: applyChange,
    onSuccess: ({ done }) => {
      toastSuccess("Success", done);
      return refresh();
    },
    onError: (error, change) => toastError(error, CHANGE_FAILED[change.kind]),
  });
}

const UPLOAD_FAILED = "Failed to upload menu items";

/**
 * POST /api/menu/bulk-upload: a multipart body, so plain fetch rather than api(). A refusal
 * throws an Error with the server's message, anything else with the fallback.
 */
async function uploadMenuCsv(file: File): Promise<BulkUploadResult> {
  let response: Response;
  let text: string;
  try {
    const formData = new FormData();
    formData.append("file", file);
    response = await fetch("/api/menu/bulk-upload", {
      method: "POST",
      body: formData,
      credentials: "same-origin",
    });
    text = await response.text();
  } catch {
    throw new Error(UPLOAD_FAILED);
  }
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
          : UPLOAD_FAILED;
    throw new Error(message);
  }
  return body as BulkUploadResult;
}

export const NOTHING_SAVED = "Nothing was saved: fix the rows listed and upload the file again.";

/** "2 added, 1 updated." (a row named like a current menu item updates it). */
const savedCounts = (result: BulkUploadResult) =>
  `${result.createdCount} added, ${result.updatedCount} updated.`;

export function useMenuCsvUpload() {
  const refresh = useRefreshMenuItems();
  return useMutation({
    mutationFn: uploadMenuCsv,
    onSuccess: (result) => {
      // Spec 001 §8's sentence; the upload is all or nothing (issue 44), so say which it was.
      const counts = `${plural(result.successCount, "menu item")} uploaded successfully. ${plural(result.errorCount, "item")} ${result.errorCount === 1 ? "had an error" : "had errors"}.`;
      const saved = result.errorCount > 0 ? ` ${NOTHING_SAVED}` : ` ${savedCounts(result)}`;
      notify({
        title: result.errorCount > 0 ? "Nothing Uploaded" : "Upload Complete",
        description: counts + saved,
        variant: result.errorCount > 0 ? "default" : "success",
      });
      void refresh();
    },
    onError: (error) => toastFailure("Upload Failed", error.message),
  });
}

/** A bulk action of Menu Management's toolbar on the selected items (issue 19). */
export type MenuBulkAction = "archive" | "unarchive" | "duplicate";

const BULK_DONE: Record<MenuBulkAction, string> = {
  archive: "Selected menu items archived successfully",
  unarchive: "Selected menu items unarchived successfully",
  duplicate: "Selected menu items duplicated successfully",
};

const BULK_FAILED: Record<MenuBulkAction, string> = {
  archive: "Failed to archive menu item",
  unarchive: "Failed to archive menu item",
  duplicate: "Failed to duplicate menu item",
};

/** POST /api/menu/bulk-archive or POST /api/menu/duplicate with the selected items' ids. */
export function useMenuBulkAction(onDone: () => void) {
  const refresh = useRefreshMenuItems();
  return useMutation({
    mutationFn: async ({ action, itemIds }: { action: MenuBulkAction; itemIds: number[] }) => {
      if (action === "duplicate") {
        await api("/api/menu/duplicate", { method: "POST", body: { itemIds } });
      } else {
        const isArchived = action === "archive";
        await api("/api/menu/bulk-archive", { method: "POST", body: { itemIds, isArchived } });
      }
    },
    onSuccess: (_answer, { action }) => {
      toastSuccess("Success", BULK_DONE[action]);
      onDone();
      return refresh();
    },
    onError: (error, { action }) => toastError(error, BULK_FAILED[action]),
  });
}
