// The answers of Menu Management (spec 001 §3 "Menu item", "Bulk upload result", §7), shared by the
// menu domain and the console. The item itself (MenuItemDto) is the one parents read too.
import type { MenuItemDto } from "@/lib/contracts";

/** The item as the editor reads and saves it: its version guards against a stale save. */
export type AdminMenuItemDto = MenuItemDto & { version: number };

/** POST /api/menu/bulk-upload: good rows imported, bad ones listed. */
export type BulkUploadResult = { successCount: number; errorCount: number; errors: string[] };

/** GET /api/menu/{id}/has-orders: an item with orders keeps its name. */
export type HasOrdersDto = { hasOrders: boolean };
