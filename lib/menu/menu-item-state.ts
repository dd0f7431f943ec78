import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { RemovedDto } from "@/lib/contracts";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import { auditMenu } from "@/lib/menu/menu-audit";
import {
  adminMenuItemSelect,
  MENU_ITEM_NOT_FOUND,
  toAdminMenuItemDto,
} from "@/lib/menu/menu-items";

export const DELETE_WITH_ORDERS =
  "This menu item has orders and cannot be deleted. Archive it instead.";

/** PATCH /api/menu/{id}/availability and /archive: one flag, the version bumped. */
async function setFlag(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  data: { isAvailable: boolean } | { isArchived: boolean },
): Promise<AdminMenuItemDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const row = await db.$transaction(async (tx) => {
    const written = await tx.menuItem.updateMany({
      where: { schoolId, id },
      data: { ...data, version: { increment: 1 } },
    });
    if (written.count !== 1) throw notFound(MENU_ITEM_NOT_FOUND);
    const action =
      "isAvailable" in data ? "availability" : data.isArchived ? "archive" : "unarchive";
    await auditMenu(tx, actor, action, id, data);
    return tx.menuItem.findUniqueOrThrow({
      where: idKey(schoolId, id),
      select: adminMenuItemSelect,
    });
  });
  return toAdminMenuItemDto(row);
}

export const setMenuItemAvailability = (
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  isAvailable: boolean,
) => setFlag(school, actor, id, { isAvailable });

export const setMenuItemArchived = (
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  isArchived: boolean,
) => setFlag(school, actor, id, { isArchived });

/** POST /api/menu/bulk-archive: one statement for all the chosen items (unknown ids ignored). */
export async function bulkSetMenuItemsArchived(
  school: SchoolContext,
  actor: SessionUser,
  itemIds: number[],
  isArchived: boolean,
): Promise<{ updated: number }> {
  const db = await schoolDb(school.id);
  return db.$transaction(async (tx) => {
    const written = await tx.menuItem.updateMany({
      where: { schoolId: school.id, id: { in: itemIds } },
      data: { isArchived, version: { increment: 1 } },
    });
    await auditMenu(tx, actor, isArchived ? "bulk-archive" : "bulk-unarchive", null, {
      itemIds,
      updated: written.count,
    });
    return { updated: written.count };
  });
}

/** DELETE /api/menu/{id}: only an item nobody ordered; the others are archived instead. */
export async function deleteMenuItem(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
): Promise<RemovedDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  try {
    await db.$transaction(async (tx) => {
      const item = await tx.menuItem.findUnique({
        where: idKey(schoolId, id),
        select: { name: true },
      });
      if (!item) throw notFound(MENU_ITEM_NOT_FOUND);
      const ordered = await tx.order.findFirst({
        where: { schoolId, menuItemId: id },
        select: { id: true },
      });
      if (ordered) throw conflict(DELETE_WITH_ORDERS, { hasOrders: true });
      await tx.menuItem.delete({ where: idKey(schoolId, id) });
      await auditMenu(tx, actor, "delete", id, { name: item.name });
    });
  } catch (error) {
    // An order placed between the check and the delete: the foreign key (Restrict) refuses.
    if (isForeignKeyViolation(error)) throw conflict(DELETE_WITH_ORDERS, { hasOrders: true });
    throw error;
  }
  return { id, message: "Menu item deleted successfully" };
}

function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? error.code : undefined;
  return (
    code === "P2003" ||
    code === "P2014" ||
    (error instanceof Error && /foreign key/i.test(error.message))
  );
}
