import "server-only";
import { notFound } from "@/lib/api/errors";
import { GRADES, type Grade } from "@/lib/contracts";
import {
  ANNOUNCEMENT_FAILURES_PAGE_SIZE,
  ANNOUNCEMENT_NOT_FOUND,
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementAudience,
  type AnnouncementDetailDto,
  type AnnouncementDto,
  type AnnouncementsPageDto,
  type DeliveryCounts,
} from "@/lib/contracts/announcements";
import { CHANNELS, type Channel } from "@/lib/contracts/notifications";
import { pageMetadata } from "@/lib/contracts/paging";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Db, type Tx } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";

// What became of the school's announcements (issue 48, decision 0112): per announcement and
// channel the outbox rows that name it, queued, sent, delivered or failed, and the failures with
// the provider's reason. Read from the outbox itself, so what the office reads is what happened.

type Counts = { perChannel: Record<Channel, DeliveryCounts>; reached: number };

const emptyCounts = (): Record<Channel, DeliveryCounts> =>
  Object.fromEntries(
    CHANNELS.map((channel) => [channel, { queued: 0, sent: 0, delivered: 0, failed: 0 }]),
  ) as Record<Channel, DeliveryCounts>;

const STATE_OF = { pending: "queued", sent: "sent", delivered: "delivered", failed: "failed" };

/** Each announcement's rows per channel and state, and the accounts it was sent to. */
export async function announcementCounts(
  db: Db | Tx,
  school: Pick<SchoolContext, "id">,
  ids: number[],
): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>(
    ids.map((id) => [id, { perChannel: emptyCounts(), reached: 0 }]),
  );
  if (ids.length === 0) return counts;
  const [groups, reached] = await Promise.all([
    db.$queryRaw<{ id: number; channel: Channel; status: keyof typeof STATE_OF; n: number }[]>`
      SELECT "announcementId" AS "id", "channel"::text AS "channel", "status"::text AS "status",
        count(*)::int AS "n"
      FROM "EmailOutbox" WHERE "schoolId" = ${school.id} AND "announcementId" = ANY(${ids}::int[])
      GROUP BY 1, 2, 3`,
    db.$queryRaw<{ id: number; reached: number }[]>`
      SELECT "announcementId" AS "id", count(DISTINCT "userId")::int AS "reached"
      FROM "EmailOutbox" WHERE "schoolId" = ${school.id} AND "announcementId" = ANY(${ids}::int[])
      GROUP BY 1`,
  ]);
  for (const group of groups) {
    const entry = counts.get(group.id);
    if (entry)
      entry.perChannel[group.channel][STATE_OF[group.status] as keyof DeliveryCounts] = group.n;
  }
  for (const row of reached) {
    const entry = counts.get(row.id);
    if (entry) entry.reached = row.reached;
  }
  return counts;
}

/** The audience as the row keeps it (written by the validated form; read defensively). */
export function readAudience(value: unknown): AnnouncementAudience {
  const audience = (value ?? {}) as { kind?: unknown; grade?: unknown; date?: unknown };
  if (audience.kind === "grade" && (GRADES as readonly unknown[]).includes(audience.grade)) {
    return { kind: "grade", grade: audience.grade as Grade };
  }
  if (audience.kind === "orderedOn" && typeof audience.date === "string") {
    return { kind: "orderedOn", date: audience.date };
  }
  return { kind: "everyone" };
}

type AnnouncementRow = {
  id: number;
  title: string;
  body: string;
  audience: unknown;
  createdAt: Date;
  createdBy: { username: string } | null;
};

export function toAnnouncementDto(
  row: AnnouncementRow,
  counts: Counts | undefined,
): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience: readAudience(row.audience),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy?.username ?? null,
    reached: counts?.reached ?? 0,
    counts: counts?.perChannel ?? emptyCounts(),
  };
}

const announcementSelect = {
  id: true,
  title: true,
  body: true,
  audience: true,
  createdAt: true,
  createdBy: { select: { username: true } },
} as const;

/** One page of the school's announcements, newest first, with their counts. */
export async function listAnnouncements(
  school: SchoolContext,
  page: number,
): Promise<AnnouncementsPageDto> {
  const db = await schoolDb(school.id);
  const [total, rows] = await Promise.all([
    db.announcement.count({ where: { schoolId: school.id } }),
    db.announcement.findMany({
      where: { schoolId: school.id },
      select: announcementSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ANNOUNCEMENTS_PAGE_SIZE,
      take: ANNOUNCEMENTS_PAGE_SIZE,
    }),
  ]);
  const counts = await announcementCounts(
    db,
    school,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toAnnouncementDto(row, counts.get(row.id))),
    metadata: pageMetadata(total, page, ANNOUNCEMENTS_PAGE_SIZE),
  };
}

/** One announcement with its SMS wording and one page of its failed messages. */
export async function getAnnouncement(
  school: SchoolContext,
  id: number,
  page: number,
): Promise<AnnouncementDetailDto> {
  const db = await schoolDb(school.id);
  const row = await db.announcement.findUnique({
    where: idKey(school.id, id),
    select: announcementSelect,
  });
  if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  const failedWhere = { schoolId: school.id, announcementId: id, status: "failed" } as const;
  const [counts, phoneRow, total, failed] = await Promise.all([
    announcementCounts(db, school, [id]),
    db.emailOutbox.findFirst({
      where: {
        schoolId: school.id,
        announcementId: id,
        channel: { in: ["sms", "whatsapp"] },
        erasedAt: null,
      },
      select: { text: true },
      orderBy: { id: "asc" },
    }),
    db.emailOutbox.count({ where: failedWhere }),
    db.emailOutbox.findMany({
      where: failedWhere,
      select: { id: true, channel: true, to: true, userId: true, lastError: true, attempts: true },
      orderBy: { id: "asc" },
      skip: (page - 1) * ANNOUNCEMENT_FAILURES_PAGE_SIZE,
      take: ANNOUNCEMENT_FAILURES_PAGE_SIZE,
    }),
  ]);
  const userIds = [...new Set(failed.flatMap((f) => (f.userId === null ? [] : [f.userId])))];
  const whatsappIds = failed.filter((f) => f.channel === "whatsapp").map((f) => f.id);
  const [accounts, fallbacks] = await Promise.all([
    userIds.length === 0
      ? []
      : db.user.findMany({
          where: { schoolId: school.id, id: { in: userIds } },
          select: { id: true, username: true, name: true },
        }),
    whatsappIds.length === 0
      ? []
      : db.emailOutbox.findMany({
          where: { schoolId: school.id, fallbackOf: { in: whatsappIds } },
          select: { fallbackOf: true },
        }),
  ]);
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const fellBack = new Set(fallbacks.map((row) => row.fallbackOf));
  return {
    ...toAnnouncementDto(row, counts.get(id)),
    sms: phoneRow?.text ?? null,
    failures: {
      data: failed.map((f) => ({
        id: f.id,
        channel: f.channel,
        to: f.to,
        account: f.userId === null ? null : (accountById.get(f.userId) ?? null),
        reason: f.lastError,
        attempts: f.attempts,
        fellBackToSms: fellBack.has(f.id),
      })),
      metadata: pageMetadata(total, page, ANNOUNCEMENT_FAILURES_PAGE_SIZE),
    },
  };
}
