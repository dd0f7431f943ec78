import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageMetadata } from "@/lib/contracts/paging";
import {
  ROLL_LIST_PAGE_SIZE,
  type RollChildDto,
  type RollGuardianDto,
  type RollGuardianState,
  type RollListDto,
} from "@/lib/contracts/roll";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { RollListQuery } from "@/lib/validations/roll";

// The school roll in Parents & Students (decision 0120, "Changed later"): the children waiting for
// a guardian to claim them and those already linked, by name, 50 a page, each guardian with their
// latest link and its state. Two statements: the counts, then the page with each child's Student,
// its guardians' addresses and each slot's latest link. Every table is named by the request's
// school parameter (Citus: one shard answers; no table is joined to another by "schoolId").

type School = Pick<SchoolContext, "id">;

/** LIKE's wildcards searched for as text (the statement says ESCAPE '\'). */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PageRow = {
  id: number;
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
  parentId: number | null;
  parentName: string | null;
  parentEmail: string | null;
  secondId: number | null;
  secondEmail: string | null;
  i1Email: string | null;
  i1At: Date | null;
  i1Expires: Date | null;
  i1Claimed: Date | null;
  i1By: number | null;
  i2Email: string | null;
  i2At: Date | null;
  i2Expires: Date | null;
  i2Claimed: Date | null;
  i2By: number | null;
};

/** The Student's current guardians: their accounts and (lower-case) addresses. */
export type CurrentGuardians = { ids: Set<number>; emails: Set<string> };

export type SlotLink = {
  email: string;
  createdAt: Date;
  expiresAt: Date;
  claimedAt: Date | null;
  claimedById: number | null;
};

/**
 * The guardian's link, unless it went to an address the roll no longer names for them and was
 * not used: such a link no longer opens the child (decision 0120), so it is as if none was sent.
 */
export function liveLink<T extends SlotLink>(email: string | null, link: T | null): T | null {
  if (!link || link.claimedAt) return link;
  return email?.toLowerCase() === link.email.toLowerCase() ? link : null;
}

/**
 * A roll guardian's state: linked when they are a guardian of the child's live Student (they
 * claimed the place, or the import linked their proven address); else their latest link's.
 */
export function guardianState(
  email: string | null,
  link: SlotLink | null,
  current: CurrentGuardians | null,
  now: Date,
): RollGuardianState {
  if (current) {
    if (link?.claimedById != null && current.ids.has(link.claimedById)) return "linked";
    if (email && current.emails.has(email.toLowerCase())) return "linked";
  }
  if (!link || link.claimedAt) return "not_invited";
  return link.expiresAt <= now ? "expired" : "invited";
}

function searchOf(q: string | undefined): Prisma.Sql {
  if (!q) return Prisma.sql`TRUE`;
  const like = likeText(q);
  return Prisma.sql`(c."name" ILIKE ${like} ESCAPE '\\' OR c."guardian1Name" ILIKE ${like} ESCAPE '\\'
    OR c."guardian2Name" ILIKE ${like} ESCAPE '\\' OR c."guardian1Email" ILIKE ${like} ESCAPE '\\'
    OR c."guardian2Email" ILIKE ${like} ESCAPE '\\')`;
}

function linkOf(row: PageRow, slot: 1 | 2, email: string | null): SlotLink | null {
  const [to, at, expires, claimed, by] =
    slot === 1
      ? [row.i1Email, row.i1At, row.i1Expires, row.i1Claimed, row.i1By]
      : [row.i2Email, row.i2At, row.i2Expires, row.i2Claimed, row.i2By];
  if (to === null || at === null || expires === null) return null;
  return liveLink(email, {
    email: to,
    createdAt: at,
    expiresAt: expires,
    claimedAt: claimed,
    claimedById: by,
  });
}

function toChild(row: PageRow, now: Date): RollChildDto {
  const current: CurrentGuardians | null =
    row.studentId === null
      ? null
      : {
          ids: new Set([row.parentId, row.secondId].filter((id): id is number => id !== null)),
          emails: new Set(
            [row.parentEmail, row.secondEmail].flatMap((e) => (e ? [e.toLowerCase()] : [])),
          ),
        };
  const slots = [
    {
      slot: 1 as const,
      name: row.guardian1Name,
      email: row.guardian1Email,
      phone: row.guardian1Phone,
      link: linkOf(row, 1, row.guardian1Email),
    },
    {
      slot: 2 as const,
      name: row.guardian2Name,
      email: row.guardian2Email,
      phone: row.guardian2Phone,
      link: linkOf(row, 2, row.guardian2Email),
    },
  ];
  const guardians = slots.flatMap(({ slot, name, email, phone, link }): RollGuardianDto[] =>
    name === null && email === null && phone === null
      ? []
      : [
          {
            slot,
            name: name ?? "",
            email,
            phone,
            invitedAt: link?.createdAt.toISOString() ?? null,
            expiresAt: link?.expiresAt.toISOString() ?? null,
            claimedAt: link?.claimedAt?.toISOString() ?? null,
            state: guardianState(email, link, current, now),
          },
        ],
  );
  return {
    id: row.id,
    name: row.name,
    grade: row.grade,
    className: row.className,
    linked: row.studentId !== null,
    student:
      row.studentId === null ? null : { id: row.studentId, parentName: row.parentName ?? "" },
    guardians,
  };
}

/** GET /api/parents/roll: one page of the school's roll, by name, with the counts by status. */
export async function listRoll(
  school: School,
  query: RollListQuery,
  now: Date = new Date(),
): Promise<RollListDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const search = searchOf(query.q);
  // A Student deleted or archived since the import leaves its roll child waiting again.
  const [counted] = await db.$queryRaw<{ all: number; linked: number }[]>`
    SELECT count(*)::int AS "all", count(s."id")::int AS "linked"
      FROM "RollChild" c
      LEFT JOIN "Student" s
        ON s."schoolId" = ${schoolId} AND s."id" = c."studentId" AND s."archivedAt" IS NULL
     WHERE c."schoolId" = ${schoolId} AND ${search}`;
  const all = counted?.all ?? 0;
  const linked = counted?.linked ?? 0;
  const counts = { all, linked, waiting: all - linked };
  const status =
    query.status === "waiting"
      ? Prisma.sql`s."id" IS NULL`
      : query.status === "linked"
        ? Prisma.sql`s."id" IS NOT NULL`
        : Prisma.sql`TRUE`;
  const offset = (query.page - 1) * ROLL_LIST_PAGE_SIZE;
  const rows = await db.$queryRaw<PageRow[]>`
    SELECT c."id", c."name", c."grade", c."className",
           c."guardian1Name", c."guardian1Email", c."guardian1Phone",
           c."guardian2Name", c."guardian2Email", c."guardian2Phone",
           s."id" AS "studentId", p."id" AS "parentId", p."name" AS "parentName",
           p."email" AS "parentEmail", g."userId" AS "secondId", u."email" AS "secondEmail",
           i1."email" AS "i1Email", i1."createdAt" AS "i1At", i1."expiresAt" AS "i1Expires",
           i1."claimedAt" AS "i1Claimed", i1."claimedById" AS "i1By",
           i2."email" AS "i2Email", i2."createdAt" AS "i2At", i2."expiresAt" AS "i2Expires",
           i2."claimedAt" AS "i2Claimed", i2."claimedById" AS "i2By"
      FROM "RollChild" c
      LEFT JOIN "Student" s
        ON s."schoolId" = ${schoolId} AND s."id" = c."studentId" AND s."archivedAt" IS NULL
      LEFT JOIN "User" p ON p."schoolId" = ${schoolId} AND p."id" = s."parentId"
      LEFT JOIN "StudentGuardian" g ON g."schoolId" = ${schoolId} AND g."studentId" = s."id"
      LEFT JOIN "User" u ON u."schoolId" = ${schoolId} AND u."id" = g."userId"
      LEFT JOIN LATERAL (
        SELECT "email", "createdAt", "expiresAt", "claimedAt", "claimedById" FROM "RollInvite"
         WHERE "schoolId" = ${schoolId} AND "rollChildId" = c."id" AND "slot" = 1
         ORDER BY "id" DESC LIMIT 1) i1 ON TRUE
      LEFT JOIN LATERAL (
        SELECT "email", "createdAt", "expiresAt", "claimedAt", "claimedById" FROM "RollInvite"
         WHERE "schoolId" = ${schoolId} AND "rollChildId" = c."id" AND "slot" = 2
         ORDER BY "id" DESC LIMIT 1) i2 ON TRUE
     WHERE c."schoolId" = ${schoolId} AND ${search} AND ${status}
     ORDER BY lower(c."name"), c."id"
     LIMIT ${ROLL_LIST_PAGE_SIZE} OFFSET ${offset}`;
  const total = query.status === "all" ? all : counts[query.status];
  return {
    data: rows.map((row) => toChild(row, now)),
    metadata: pageMetadata(total, query.page, ROLL_LIST_PAGE_SIZE),
    counts,
  };
}
