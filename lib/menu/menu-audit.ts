import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export type MenuAuditAction =
  | "create"
  | "update"
  | "delete"
  | "archive"
  | "unarchive"
  | "availability"
  | "duplicate"
  | "bulk-archive"
  | "bulk-unarchive"
  | "bulk-upload";

/** One AuditLog row for a menu change, written in the same transaction as the change. */
export async function auditMenu(
  tx: Tx,
  actor: SessionUser,
  action: MenuAuditAction,
  entityId: number | null,
  details: Prisma.InputJsonObject,
): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: actor.id,
      action: `menu-item.${action}`,
      entity: "MenuItem",
      entityId: entityId === null ? null : String(entityId),
      details,
    },
  });
}
