import "server-only";
import { notFound } from "@/lib/api/errors";
import { parseId } from "@/lib/api/params";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { MenuItemDto } from "@/lib/contracts";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { idKey } from "@/lib/schools/keys";

export const MENU_ITEM_NOT_FOUND = "Menu item not found";

export const menuItemSelect = {
  id: true,
  name: true,
  description: true,
  price: true,
  discountPrice: true,
  imageUrl: true,
  type: true,
  categories: true,
  proteinDescriptions: true,
  weekNumbers: true,
  daysOfWeek: true,
  allergens: true,
  sideDishes: true,
  isAvailable: true,
  isArchived: true,
  dailyCap: true,
} as const satisfies Prisma.MenuItemSelect;

type MenuItemRow = Prisma.MenuItemGetPayload<{ select: typeof menuItemSelect }>;

export function toMenuItemDto(row: MenuItemRow): MenuItemDto {
  const descriptions =
    row.proteinDescriptions &&
    typeof row.proteinDescriptions === "object" &&
    !Array.isArray(row.proteinDescriptions)
      ? Object.fromEntries(
          Object.entries(row.proteinDescriptions).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        )
      : {};
  return {
    ...row,
    price: row.price.toFixed(2),
    discountPrice: row.discountPrice === null ? null : row.discountPrice.toFixed(2),
    proteinDescriptions: descriptions,
  };
}

/**
 * The menu: parents and teachers see what is not archived; admins see everything. Kept in memory
 * while the menu's version (bumped by every write to MenuItem) has not moved.
 */
export async function listMenuItems(
  school: Pick<SchoolContext, "id">,
  options: { includeArchived: boolean },
): Promise<readonly MenuItemDto[]> {
  const schoolId = school.id;
  return cachedRead(schoolId, "menu", options.includeArchived ? "all" : "live", async () => {
    const db = await schoolDb(schoolId);
    const rows = await db.menuItem.findMany({
      where: options.includeArchived ? { schoolId } : { schoolId, isArchived: false },
      select: menuItemSelect,
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    return rows.map(toMenuItemDto);
  });
}

/** What the admin screens get: the item plus the version an edit sends back (optimistic lock). */

export const adminMenuItemSelect = {
  ...menuItemSelect,
  version: true,
} as const satisfies Prisma.MenuItemSelect;

type AdminMenuItemRow = Prisma.MenuItemGetPayload<{ select: typeof adminMenuItemSelect }>;

export function toAdminMenuItemDto(row: AdminMenuItemRow): AdminMenuItemDto {
  const { version, ...rest } = row;
  return { ...toMenuItemDto(rest), version };
}

/** GET /api/menu/{id} for the menu editor: any item, archived ones included. */
export async function getMenuItemOrThrow(
  school: SchoolContext,
  id: number,
): Promise<AdminMenuItemDto> {
  const db = await schoolDb(school.id);
  const row = await db.menuItem.findUnique({
    where: idKey(school.id, id),
    select: adminMenuItemSelect,
  });
  if (!row) throw notFound(MENU_ITEM_NOT_FOUND);
  return toAdminMenuItemDto(row);
}

/** The `{id}` path segment of the menu routes; anything but a positive id is a 404. */
export function menuItemIdOrThrow(value: string | string[] | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound(MENU_ITEM_NOT_FOUND);
  return id;
}
