import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireKnownAllergens } from "@/lib/settings/allergens";
import { recountPreorderedStock } from "@/lib/menu/stock";
import { idKey } from "@/lib/schools/keys";
import { auditMenu } from "@/lib/menu/menu-audit";
import {
  adminMenuItemSelect,
  MENU_ITEM_NOT_FOUND,
  toAdminMenuItemDto,
} from "@/lib/menu/menu-items";
import type { MenuItemUpdateValues, MenuItemValues } from "@/lib/validations/menu";

export const STALE_MENU_ITEM = "This menu item was changed by someone else. Reload and try again.";
export const RENAME_WITH_ORDERS =
  "This menu item has orders, so its name cannot be changed. Archive it and create a new item, or duplicate it and rename the copy.";

/** The columns a validated form writes (the same for create, update and the CSV upload). */
export function menuItemData(values: MenuItemValues) {
  return {
    name: values.name,
    description: values.description,
    price: values.price,
    discountPrice: values.discountPrice,
    imageUrl: values.imageUrl,
    type: values.type,
    categories: values.categories,
    proteinDescriptions: values.proteinDescriptions,
    weekNumbers: values.weekNumbers,
    daysOfWeek: values.daysOfWeek,
    allergens: values.allergens,
    sideDishes: values.sideDishes,
    isAvailable: values.isAvailable,
    // Issue 47: absent (an edit or a CSV row that does not name it) leaves the cap as it was.
    ...(values.dailyCap !== undefined && { dailyCap: values.dailyCap }),
  } satisfies Prisma.MenuItemCreateInput;
}

/** POST /api/menu: a new item, never archived, version 1. */
export async function createMenuItem(
  school: SchoolContext,
  actor: SessionUser,
  given: MenuItemValues,
): Promise<AdminMenuItemDto> {
  const allergens = await requireKnownAllergens(school, given.allergens, "allergens");
  const values = { ...given, allergens };
  const db = await schoolDb(school.id);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.menuItem.create({
      data: { schoolId: school.id, ...menuItemData(values) },
      select: adminMenuItemSelect,
    });
    await auditMenu(tx, actor, "create", created.id, { name: created.name });
    return created;
  });
  return toAdminMenuItemDto(row);
}

/**
 * PUT /api/menu/{id}. A `version` older than the stored one is refused (someone else saved in
 * between), and an item with orders keeps its name: the orders, receipts and kitchen lists say
 * what was ordered, so a new dish must be a new item.
 */
export async function updateMenuItem(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  values: MenuItemUpdateValues,
): Promise<AdminMenuItemDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const { version, ...given } = values;
  // The allergens held to the built-ins and the school's own (issue 44).
  const allergens = await requireKnownAllergens(school, given.allergens, "allergens");
  const fields = { ...given, allergens };
  const row = await db.$transaction(async (tx) => {
    const current = await tx.menuItem.findUnique({
      where: idKey(schoolId, id),
      select: { name: true, version: true, dailyCap: true },
    });
    if (!current) throw notFound(MENU_ITEM_NOT_FOUND);
    if (version !== undefined && version !== current.version) throw conflict(STALE_MENU_ITEM);
    if (fields.name !== current.name) {
      const ordered = await tx.order.findFirst({
        where: { schoolId, menuItemId: id },
        select: { id: true },
      });
      if (ordered) throw conflict(RENAME_WITH_ORDERS, { hasOrders: true });
    }
    // The conditional update is the real guard: two saves of the same version, one wins.
    const written = await tx.menuItem.updateMany({
      where: { schoolId, id, version: current.version },
      data: { ...menuItemData(fields), version: { increment: 1 } },
    });
    if (written.count !== 1) throw conflict(STALE_MENU_ITEM);
    // An item capped from now on: its live pre-orders already hold portions (decision 0104).
    if (current.dailyCap === null && typeof fields.dailyCap === "number") {
      await recountPreorderedStock(tx, schoolId, id);
    }
    await auditMenu(tx, actor, "update", id, {
      name: fields.name,
      ...(fields.name !== current.name ? { previousName: current.name } : {}),
      version: current.version + 1,
    });
    return tx.menuItem.findUniqueOrThrow({
      where: idKey(schoolId, id),
      select: adminMenuItemSelect,
    });
  });
  return toAdminMenuItemDto(row);
}
