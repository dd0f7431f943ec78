import "server-only";
import { ROLL_REINVITE_DAYS, type RollSummaryDto } from "@/lib/contracts/roll";
import type { Tx } from "@/lib/db";
import type { RollGuardian, RollRow } from "@/lib/roll/parse";

// What an upload of the roll does (issue 49, decision 0120), read before anything is written: the
// preview shows it and the import carries it out in the same transaction that read it. Per child:
// new, updated or unchanged; its Student (kept, reused from the first registered guardian's own
// children by name, or made); each guardian linked now, invited, recently invited, or unreachable.

const DAY_MS = 86_400_000;

type ExistingChild = {
  id: number;
  rollKey: string;
  nameKey: string;
  name: string;
  grade: string;
  className: string | null;
  guardian1Name: string;
  guardian1Email: string | null;
  guardian1Phone: string | null;
  guardian2Name: string | null;
  guardian2Email: string | null;
  guardian2Phone: string | null;
  studentId: number | null;
};

export type GuardianStep =
  | { kind: "owner"; guardian: RollGuardian; userId: number }
  | { kind: "link"; guardian: RollGuardian; userId: number }
  | { kind: "already"; guardian: RollGuardian }
  | { kind: "invite"; guardian: RollGuardian & { email: string }; sms: boolean }
  | { kind: "recent"; guardian: RollGuardian }
  | { kind: "unreachable"; guardian: RollGuardian };

export type ChildStep = {
  row: RollRow;
  existing: ExistingChild | null;
  change: "added" | "updated" | "unchanged";
  /** The row's key; a child with an admission number keeps it when the row has none. */
  rollKey: string;
  /** The Student kept or reused; null with an owner step: made by the import. */
  studentId: number | null;
  /** The kept Student's fields differ from the file's. */
  studentChanged: boolean;
  guardians: GuardianStep[];
};

export type RollPlan = { steps: ChildStep[]; summary: RollSummaryDto };

const studentName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

function rollFields(row: RollRow) {
  const [first, second] = row.guardians;
  return {
    name: row.name,
    grade: row.grade,
    className: row.className,
    guardian1Name: first?.name ?? "",
    guardian1Email: first?.email ?? null,
    guardian1Phone: first?.phone ?? null,
    guardian2Name: second?.name ?? null,
    guardian2Email: second?.email ?? null,
    guardian2Phone: second?.phone ?? null,
  };
}

export function rollChildData(row: RollRow, rollKey: string) {
  return { ...rollFields(row), rollKey, nameKey: row.nameKey };
}

function differs(existing: ExistingChild, row: RollRow, rollKey: string): boolean {
  const next = rollFields(row);
  return (
    existing.rollKey !== rollKey ||
    existing.nameKey !== row.nameKey ||
    (Object.keys(next) as (keyof typeof next)[]).some((key) => existing[key] !== next[key])
  );
}

/**
 * Reads what the rows meet in the school: the roll children they name, the verified parent
 * accounts of their addresses, those accounts' children, the kept Students and their guardians,
 * recent invitations, numbers that replied STOP. `sms`: the school sends SMS.
 */
export async function planRoll(
  tx: Tx,
  schoolId: number,
  rows: RollRow[],
  sms: boolean,
  now: Date,
): Promise<RollPlan> {
  const keys = [...new Set(rows.flatMap((row) => [row.key, row.nameKey]))];
  const existingRows = await tx.rollChild.findMany({
    where: { schoolId, OR: [{ rollKey: { in: keys } }, { nameKey: { in: keys } }] },
  });
  const byKey = new Map(existingRows.map((child) => [child.rollKey, child]));
  const byNameKey = new Map<string, ExistingChild[]>();
  for (const child of existingRows) {
    byNameKey.set(child.nameKey, [...(byNameKey.get(child.nameKey) ?? []), child]);
  }
  const emails = [
    ...new Set(rows.flatMap((row) => row.guardians.flatMap((g) => (g.email ? [g.email] : [])))),
  ];
  // Only an address its owner proved links at once: anyone may sign up with someone else's.
  const accounts = await tx.user.findMany({
    where: {
      schoolId,
      role: "parent",
      deletedAt: null,
      emailVerifiedAt: { not: null },
      email: { in: emails, mode: "insensitive" },
    },
    select: { id: true, email: true },
  });
  const accountsOf = new Map<string, number[]>();
  for (const account of accounts) {
    const email = account.email!.toLowerCase();
    accountsOf.set(email, [...(accountsOf.get(email) ?? []), account.id]);
  }
  // One account per address; an address shared by two accounts is invited (either may claim).
  const accountOf = (email: string | null) => {
    const ids = email ? accountsOf.get(email) : undefined;
    return ids?.length === 1 ? ids[0]! : null;
  };
  // A child found by its own key is that row's. Else the name key (name and first guardian
  // e-mail) finds the one child uploaded with it, with or without an admission number, unless
  // another row of the file names that child by its own key; the child then takes the row's key.
  const ownKeys = new Set(rows.map((row) => row.key));
  const adopted = new Set<number>();
  const matched = rows.map((row) => {
    const byOwnKey = byKey.get(row.key);
    if (byOwnKey) return byOwnKey;
    const named = (byNameKey.get(row.nameKey) ?? []).filter(
      (child) => !ownKeys.has(child.rollKey) && !adopted.has(child.id),
    );
    // A child uploaded with another admission number is another child of the same name.
    const found = named.length === 1 ? named[0]! : undefined;
    if (!found || (found.rollKey.startsWith("no:") && row.key.startsWith("no:"))) return undefined;
    adopted.add(found.id);
    return found;
  });
  const keptIds = matched.flatMap((child) => (child?.studentId ? [child.studentId] : []));
  const ownerIds = [...new Set(accounts.map((account) => account.id))];
  const students = await tx.student.findMany({
    where: {
      schoolId,
      archivedAt: null,
      OR: [{ id: { in: keptIds } }, { parentId: { in: ownerIds } }],
    },
    select: {
      id: true,
      name: true,
      grade: true,
      className: true,
      parentId: true,
      secondGuardian: { select: { userId: true } },
    },
  });
  const studentById = new Map(students.map((student) => [student.id, student]));
  const linkedStudentIds = await tx.rollChild.findMany({
    where: { schoolId, studentId: { in: students.map((student) => student.id) } },
    select: { studentId: true },
  });
  const taken = new Set(linkedStudentIds.map((row) => row.studentId));
  const recent = await tx.rollInvite.findMany({
    where: {
      schoolId,
      rollChildId: { in: existingRows.map((child) => child.id) },
      claimedAt: null,
      createdAt: { gt: new Date(now.getTime() - ROLL_REINVITE_DAYS * DAY_MS) },
    },
    select: { rollChildId: true, slot: true, email: true },
  });
  const recentKeys = new Set(recent.map((i) => `${i.rollChildId}:${i.slot}:${i.email}`));
  // Who claimed each child's guardian place: still a guardian of the child, never invited again.
  const claims = await tx.rollInvite.findMany({
    where: {
      schoolId,
      rollChildId: { in: existingRows.map((child) => child.id) },
      claimedAt: { not: null },
    },
    select: { rollChildId: true, slot: true, claimedById: true },
  });
  const claimedBy = new Map(claims.map((c) => [`${c.rollChildId}:${c.slot}`, c.claimedById]));
  const phones = sms
    ? [...new Set(rows.flatMap((row) => row.guardians.flatMap((g) => (g.phone ? [g.phone] : []))))]
    : [];
  const stopped = phones.length
    ? await tx.user.findMany({
        where: { schoolId, phone: { in: phones }, smsOptedOutAt: { not: null } },
        select: { phone: true },
      })
    : [];
  const stoppedPhones = new Set(stopped.map((user) => user.phone));

  const summary: RollSummaryDto = {
    children: rows.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    linked: 0,
    invited: 0,
    smsInvites: 0,
    recentlyInvited: 0,
    notReachable: 0,
  };
  const steps = rows.map((row, index): ChildStep => {
    const existing = matched[index] ?? null;
    const rollKey =
      existing?.rollKey.startsWith("no:") && !row.key.startsWith("no:")
        ? existing.rollKey
        : row.key;
    const change = !existing ? "added" : differs(existing, row, rollKey) ? "updated" : "unchanged";
    summary[change] += 1;
    const kept = existing?.studentId ? studentById.get(existing.studentId) : undefined;
    let studentId = kept?.id ?? null;
    const guardianIds = new Set(kept ? [kept.parentId, kept.secondGuardian?.userId] : []);
    let owned = kept !== undefined;
    const guardians = row.guardians.map((guardian): GuardianStep => {
      const userId = accountOf(guardian.email);
      if (userId !== null && guardianIds.has(userId)) return { kind: "already", guardian };
      if (userId !== null && !owned) {
        owned = true;
        guardianIds.add(userId);
        summary.linked += 1;
        // The parent already added this child: that Student is the roll's, not a second one.
        const own = students.find(
          (s) =>
            s.parentId === userId &&
            !taken.has(s.id) &&
            studentName(s.name) === studentName(row.name),
        );
        if (own) {
          taken.add(own.id);
          studentId = own.id;
          if (own.secondGuardian) guardianIds.add(own.secondGuardian.userId);
        }
        return { kind: "owner", guardian, userId };
      }
      if (userId !== null) {
        guardianIds.add(userId);
        summary.linked += 1;
        return { kind: "link", guardian, userId };
      }
      const claimer = existing ? claimedBy.get(`${existing.id}:${guardian.slot}`) : undefined;
      if (claimer != null && guardianIds.has(claimer)) return { kind: "already", guardian };
      if (!guardian.email) {
        summary.notReachable += 1;
        return { kind: "unreachable", guardian };
      }
      if (existing && recentKeys.has(`${existing.id}:${guardian.slot}:${guardian.email}`)) {
        summary.recentlyInvited += 1;
        return { kind: "recent", guardian };
      }
      const withSms = sms && guardian.phone !== null && !stoppedPhones.has(guardian.phone);
      summary.invited += 1;
      if (withSms) summary.smsInvites += 1;
      return { kind: "invite", guardian: { ...guardian, email: guardian.email }, sms: withSms };
    });
    const student = studentId === null ? undefined : studentById.get(studentId);
    const studentChanged =
      student !== undefined &&
      (student.name !== row.name ||
        student.grade !== row.grade ||
        student.className !== row.className);
    return { row, existing, change, rollKey, studentId, studentChanged, guardians };
  });
  return { steps, summary };
}
