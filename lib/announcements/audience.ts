import "server-only";
import type { AnnouncementAudience } from "@/lib/contracts/announcements";
import type { Channel } from "@/lib/contracts/notifications";
import type { SchoolContext } from "@/lib/contracts/schools";
import { listCycles } from "@/lib/cycles/cycles";
import type { Db, Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cycleDayOn } from "@/lib/kitchen/portions";
import { recipientColumns } from "@/lib/messaging/notify";
import { deliveryChannels } from "@/lib/messaging/preferences";

// Who an announcement reaches (issue 48, decision 0112): the family accounts (parents, and
// teachers, who order too) of the audience the office chose, with the columns notify() reads, and
// what each channel reaches among them, by the very function notify() uses, so the preview the
// office reads before sending is what is sent.

const FAMILY_ROLES = ["parent", "teacher"] as const;

export const audienceColumns = {
  ...recipientColumns,
  id: true,
  name: true,
} as const satisfies Prisma.UserSelect;

export type AudienceMember = Prisma.UserGetPayload<{ select: typeof audienceColumns }>;

/** The accounts whose children a grade holds, or who had a live order on a day; null: everyone. */
async function accountIds(
  db: Db | Tx,
  school: Pick<SchoolContext, "id">,
  audience: AnnouncementAudience,
): Promise<number[] | null> {
  if (audience.kind === "everyone") return null;
  if (audience.kind === "grade") {
    // Issue 49: both of a child's guardians hear what the school says about its grade.
    const children = await db.student.findMany({
      where: { schoolId: school.id, grade: audience.grade, archivedAt: null },
      select: { parentId: true, secondGuardian: { select: { userId: true } } },
    });
    return [
      ...new Set(
        children.flatMap((c) => [
          c.parentId,
          ...(c.secondGuardian ? [c.secondGuardian.userId] : []),
        ]),
      ),
    ];
  }
  // Every cycle's orders of that date, as the kitchen reads its service day: cycles holding live
  // orders never share a date (decision 0051).
  const slots = (await listCycles(school)).flatMap((cycle) => {
    const slot = cycleDayOn(cycle, audience.date);
    return slot ? [{ cycleId: cycle.id, ...slot }] : [];
  });
  if (slots.length === 0) return [];
  const orders = await db.order.findMany({
    where: { schoolId: school.id, OR: slots, status: { in: ["pending", "completed"] } },
    select: {
      student: { select: { parentId: true, secondGuardian: { select: { userId: true } } } },
    },
  });
  return [
    ...new Set(
      orders.flatMap(({ student }) => [
        student.parentId,
        ...(student.secondGuardian ? [student.secondGuardian.userId] : []),
      ]),
    ),
  ];
}

/** The audience's accounts that still exist, by id. */
export async function audienceMembers(
  db: Db | Tx,
  school: Pick<SchoolContext, "id">,
  audience: AnnouncementAudience,
): Promise<AudienceMember[]> {
  const ids = await accountIds(db, school, audience);
  if (ids !== null && ids.length === 0) return [];
  return db.user.findMany({
    where: {
      schoolId: school.id,
      role: { in: [...FAMILY_ROLES] },
      deletedAt: null,
      ...(ids === null ? {} : { id: { in: ids } }),
    },
    select: audienceColumns,
    orderBy: { id: "asc" },
  });
}

export type Reach = { recipients: number; reach: Record<Channel, number>; unreached: number };

/** What each channel reaches among the members: deliveryChannels, as notify() reads it. */
export function reachOf(members: readonly AudienceMember[], offered: readonly Channel[]): Reach {
  const reach: Record<Channel, number> = { email: 0, sms: 0, whatsapp: 0 };
  let unreached = 0;
  for (const member of members) {
    const channels = deliveryChannels(member, "announcements", offered);
    if (channels.length === 0) unreached++;
    for (const channel of channels) reach[channel]++;
  }
  return { recipients: members.length, reach, unreached };
}
