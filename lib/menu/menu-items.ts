import "server-only";
import type { MenuItemDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

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

/** The menu: parents and teachers see what is not archived; admins see everything. */
export async function listMenuItems(options: { includeArchived: boolean }): Promise<MenuItemDto[]> {
  const db = await getDb();
  const rows = await db.menuItem.findMany({
    where: options.includeArchived ? {} : { isArchived: false },
    select: menuItemSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map(toMenuItemDto);
}
