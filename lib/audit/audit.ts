import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";

// The audit trail (issue 7): every admin write records who, when, what, and the values before
// and after, in the same transaction as the change, so a rolled-back change leaves no record and
// a committed one always has its record. Nothing in the app updates or deletes AuditLog rows.

export type AuditEntry = {
  /** Dotted verb, e.g. "refund.complete", "admin-user.permissions". */
  action: string;
  /** The model changed, e.g. "Order", "User", "Setting". */
  entity: string;
  entityId?: string | number | null;
  /** The values before the change (omit for creations). Never a password or its hash. */
  before?: Prisma.InputJsonValue;
  /** The values after the change (omit for deletions). Never a password or its hash. */
  after?: Prisma.InputJsonValue;
  /** Anything else worth keeping (counts, ids affected). */
  details?: Prisma.InputJsonObject;
};

export async function audit(
  tx: Prisma.TransactionClient,
  actor: Pick<SessionUser, "id"> | null,
  entry: AuditEntry,
): Promise<void> {
  const details: Prisma.InputJsonObject = {
    ...(entry.details ?? {}),
    ...(entry.before === undefined ? {} : { before: entry.before }),
    ...(entry.after === undefined ? {} : { after: entry.after }),
  };
  await tx.auditLog.create({
    data: {
      actorId: actor?.id ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId:
        entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details,
    },
  });
}
