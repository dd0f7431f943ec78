import "server-only";
import type { GuardianDto, OtherGuardianDayDto } from "@/lib/contracts/guardians";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Db } from "@/lib/db";
import { cycleDayDate, schoolToday, toIsoDate } from "@/lib/school-calendar";

// Issue 49 (decision 0119): what the student list adds about guardians: who they are, whether
// the caller is the first, and the days the other guardian has already ordered for the child (the
// menu calendar shows them as ordered, as it shows the caller's own).

export type GuardianExtras = {
  guardians: GuardianDto[];
  isFirstGuardian: boolean;
  otherGuardianDays: OtherGuardianDayDto[];
};

export async function guardianExtras(
  db: Db,
  school: Pick<SchoolContext, "id" | "timeZone">,
  callerId: number,
  students: readonly { id: number; parentId: number }[],
): Promise<Map<number, GuardianExtras>> {
  const schoolId = school.id;
  const ids = students.map((s) => s.id);
  if (ids.length === 0) return new Map();
  // Ids only, then one read of every name and (only when some day was ordered by the other
  // guardian) one of the cycles: Prisma's nested selects cost a statement each, sent even when the
  // rows they hang from are none, which is most lists (no second guardian, no orders by one).
  const [links, orders] = await Promise.all([
    db.studentGuardian.findMany({
      where: { schoolId, studentId: { in: ids } },
      select: { studentId: true, userId: true },
    }),
    db.order.findMany({
      where: {
        schoolId,
        studentId: { in: ids },
        userId: { not: callerId },
        status: { in: ["pending", "completed"] },
      },
      select: { studentId: true, cycleId: true, weekNumber: true, dayOfWeek: true, userId: true },
    }),
  ]);
  const userIds = [
    ...new Set([
      ...students.map((s) => s.parentId),
      ...links.map((l) => l.userId),
      ...orders.map((o) => o.userId),
    ]),
  ];
  const cycleIds = [...new Set(orders.map((o) => o.cycleId))];
  const [users, cycles] = await Promise.all([
    db.user.findMany({
      where: { schoolId, id: { in: userIds } },
      select: { id: true, name: true },
    }),
    cycleIds.length === 0
      ? []
      : db.orderCycle.findMany({
          where: { schoolId, id: { in: cycleIds } },
          select: { id: true, startDate: true },
        }),
  ]);
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  const startOf = new Map(cycles.map((c) => [c.id, toIsoDate(c.startDate)]));
  const secondOf = new Map(links.map((l) => [l.studentId, nameOf.get(l.userId) ?? ""]));
  const today = schoolToday(school.timeZone);
  const result = new Map<number, GuardianExtras>();
  for (const student of students) {
    const first = student.parentId === callerId;
    const second = secondOf.get(student.id);
    const guardians: GuardianDto[] = [
      { name: nameOf.get(student.parentId) ?? "", first: true, you: first },
      ...(second === undefined ? [] : [{ name: second, first: false, you: !first }]),
    ];
    const otherGuardianDays = orders
      .filter((o) => o.studentId === student.id)
      .filter((o) => cycleDayDate(startOf.get(o.cycleId)!, o.weekNumber, o.dayOfWeek) >= today)
      .map((o) => ({
        cycleId: o.cycleId,
        weekNumber: o.weekNumber,
        dayOfWeek: o.dayOfWeek,
        by: nameOf.get(o.userId) ?? "",
      }));
    result.set(student.id, { guardians, isFirstGuardian: first, otherGuardianDays });
  }
  return result;
}
