// The answers of Menu Management (spec 001 §3 "Menu item", "Bulk upload result", §7), shared by the
// menu domain and the console. The item itself (MenuItemDto) is the one parents read too.
import type { MenuItemDto } from "@/lib/contracts";

/** The item as the editor reads and saves it: its version guards against a stale save. */
export type AdminMenuItemDto = MenuItemDto & { version: number };

/**
 * POST /api/menu/bulk-upload (issue 44): all or nothing. With errors nothing is saved, successCount
 * is 0 and errorCount counts the bad rows (`errors` lists every reason of each). Otherwise every
 * row is saved: `createdCount` new items, `updatedCount` current items of the same name updated.
 */
export type BulkUploadResult = {
  successCount: number;
  errorCount: number;
  errors: string[];
  createdCount: number;
  updatedCount: number;
};

/** GET /api/menu/{id}/has-orders: an item with orders keeps its name. */
export type HasOrdersDto = { hasOrders: boolean };
