import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { CareChangeDto } from "@/lib/contracts/guardians";
import type { Db, Tx } from "@/lib/db";

// Issue 49 (decision 0119): a child's allergies, dietary notes and consent are the child's, changed
// by either guardian (or the office), and both guardians see who changed what. Each change is one
// AuditLog row ("student.care", entity Student) in the transaction that makes it; the office's
// edits are read from its own "student.update" rows (their before and after). The rows name the
// allergens added and removed, never the notes' text: "changed the dietary notes" is enough.

export const CARE_ACTION = "student.care";
/** How many changes the child's dialog shows, newest first. */
export const CARE_HISTORY_LIMIT = 20;

type Care = { allergies: string[]; dietaryNotes: string | null; allergyConsentAt: Date | null };

type CareDiff = {
  added: string[];
  removed: string[];
  dietaryNotes: boolean;
  consent: "given" | "withdrawn" | null;
};

function diffCare(
  before: Pick<Care, "allergies" | "dietaryNotes">,
  after: Pick<Care, "allergies" | "dietaryNotes">,
): Omit<CareDiff, "consent"> {
  return {
    added: after.allergies.filter((a) => !before.allergies.includes(a)),
    removed: before.allergies.filter((a) => !after.allergies.includes(a)),
    dietaryNotes: (before.dietaryNotes ?? "") !== (after.dietaryNotes ?? ""),
  };
}

const changed = (diff: CareDiff) =>
  diff.added.length > 0 || diff.removed.length > 0 || diff.dietaryNotes || diff.consent !== null;

/** Records a guardian's change of the child's care fields, when anything changed. */
export async function recordCareChange(
  tx: Tx,
  schoolId: number,
  actor: Pick<SessionUser, "id">,
  studentId: number,
  before: Care,
  after: Care,
): Promise<void> {
  const consent =
    !before.allergyConsentAt && after.allergyConsentAt
      ? "given"
      : before.allergyConsentAt && !after.allergyConsentAt
        ? "withdrawn"
        : null;
  const diff: CareDiff = { ...diffCare(before, after), consent };
  if (!changed(diff)) return;
  await audit(schoolId, tx, actor, {
    action: CARE_ACTION,
    entity: "Student",
    entityId: studentId,
    details: diff,
  });
}

type AuditRow = {
  action: string;
  details: unknown;
  createdAt: Date;
  actor: { name: string; role: string } | null;
};

/** The child's care changes, newest first, with who made each. */
export async function readCareHistory(
  db: Db | Tx,
  schoolId: number,
  studentId: number,
): Promise<CareChangeDto[]> {
  const rows: AuditRow[] = await db.auditLog.findMany({
    where: {
      schoolId,
      entity: "Student",
      entityId: String(studentId),
      action: { in: [CARE_ACTION, "student.update"] },
    },
    select: {
      action: true,
      details: true,
      createdAt: true,
      actor: { select: { name: true, role: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CARE_HISTORY_LIMIT * 2,
  });
  return rows
    .flatMap((row) => {
      const diff = careDiffOf(row);
      if (!diff || !changed(diff)) return [];
      return [
        {
          at: row.createdAt.toISOString(),
          by: row.actor?.name ?? "Deleted account",
          byOffice: row.actor?.role === "admin",
          ...diff,
        },
      ];
    })
    .slice(0, CARE_HISTORY_LIMIT);
}

function careDiffOf(row: AuditRow): CareDiff | null {
  const details = asObject(row.details);
  if (!details) return null;
  if (row.action === CARE_ACTION) {
    return {
      added: strings(details.added),
      removed: strings(details.removed),
      dietaryNotes: details.dietaryNotes === true,
      consent:
        details.consent === "given" || details.consent === "withdrawn" ? details.consent : null,
    };
  }
  const before = asObject(details.before);
  const after = asObject(details.after);
  if (!before || !after) return null;
  return {
    ...diffCare(
      { allergies: strings(before.allergies), dietaryNotes: text(before.dietaryNotes) },
      { allergies: strings(after.allergies), dietaryNotes: text(after.dietaryNotes) },
    ),
    consent: null,
  };
}

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
