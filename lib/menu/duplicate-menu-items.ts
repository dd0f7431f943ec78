import "server-only";
import { notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { auditMenu } from "@/lib/menu/menu-audit";
import {
  adminMenuItemSelect,
  MENU_ITEM_NOT_FOUND,
  toAdminMenuItemDto,
} from "@/lib/menu/menu-items";
import { MENU_NAME_MAX } from "@/lib/validations/menu";

/**
 * POST /api/menu/duplicate: a copy of each item, named "{name} (Copy)" ("(Copy 2)" and so on when
 * that name is taken), active and not archived, in the order the ids were given.
 */
export async function duplicateMenuItems(
  school: SchoolContext,
  actor: SessionUser,
  itemIds: number[],
): Promise<AdminMenuItemDto[]> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const rows = await db.$transaction(async (tx) => {
    const sources = await tx.menuItem.findMany({
      where: { schoolId, id: { in: itemIds } },
      select: adminMenuItemSelect,
    });
    const byId = new Map(sources.map((s) => [s.id, s]));
    if (byId.size !== itemIds.length) throw notFound(MENU_ITEM_NOT_FOUND);
    const copies = [];
    for (const id of itemIds) {
      const source = byId.get(id)!;
      const name = await freeCopyName(tx, schoolId, source.name);
      const { id: sourceId, version: _version, isArchived: _archived, ...fields } = source;
      const copy = await tx.menuItem.create({
        data: {
          ...fields,
          schoolId,
          name,
          proteinDescriptions: fields.proteinDescriptions ?? {},
        },
        select: adminMenuItemSelect,
      });
      await auditMenu(tx, actor, "duplicate", copy.id, { name, sourceId });
      copies.push(copy);
    }
    return copies;
  });
  return rows.map(toAdminMenuItemDto);
}

async function freeCopyName(tx: Tx, schoolId: number, original: string): Promise<string> {
  const suffix = " (Copy)";
  const base = original.slice(0, MENU_NAME_MAX - suffix.length - 4).trimEnd();
  const taken = new Set(
    (
      await tx.menuItem.findMany({
        where: { schoolId, name: { startsWith: `${base} (Copy` } },
        select: { name: true },
      })
    ).map((r) => r.name),
  );
  if (!taken.has(`${base}${suffix}`)) return `${base}${suffix}`;
  for (let n = 2; ; n++) {
    const candidate = `${base} (Copy ${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}
