import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// The audit trail (issue 7): every admin write records who, when, what, and the values before
// and after, in the same transaction as the change, so a rolled-back change leaves no record and
// a committed one always has its record. Nothing in the app updates or deletes AuditLog rows.
// Each row is the school's (issue 45): `audit(school, tx, …)` names it; a transaction of a school's
// scoped client (`audit(tx, …)`) puts its school on the row itself.

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

type Actor = Pick<SessionUser, "id"> | null;

/** Records one change of `school` in the transaction `tx` that makes it. */
export async function audit(
  school: Pick<SchoolContext, "id"> | number,
  tx: Tx,
  actor: Actor,
  entry: AuditEntry,
): Promise<void>;
/** Records one change in `tx`, a transaction of a school's scoped client (its school on the row). */
export async function audit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void>;
export async function audit(...args: [SchoolArg, Tx, Actor, AuditEntry] | [Tx, Actor, AuditEntry]) {
  const [schoolId, tx, actor, entry] =
    args.length === 4
      ? [typeof args[0] === "number" ? args[0] : args[0].id, args[1], args[2], args[3]]
      : [undefined, args[0], args[1], args[2]];
  const details: Prisma.InputJsonObject = {
    ...(entry.details ?? {}),
    ...(entry.before === undefined ? {} : { before: entry.before }),
    ...(entry.after === undefined ? {} : { after: entry.after }),
  };
  await tx.auditLog.create({
    data: {
      ...(schoolId === undefined ? {} : { schoolId }),
      actorId: actor?.id ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId:
        entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details,
    },
  });
}

type SchoolArg = Pick<SchoolContext, "id"> | number;
