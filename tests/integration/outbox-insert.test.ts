import { describe, expect, it } from "@jest/globals";
import { Prisma } from "@/lib/generated/prisma/client";
import { schoolDb } from "@/lib/db";
import { insertOutboxRows, type OutboxRow } from "@/lib/messaging/outbox-insert";
import { signedUpParent } from "@/tests/support/fixtures";
import { defaultSchool } from "@/tests/support/school";

// A notice's outbox rows go in one raw statement (decision 0123) where Prisma's createMany compiled
// afresh on every checkout. The same rows written both ways must read back the same, column by
// column, and the columns a notice does not set keep their defaults.

const columns = {
  id: true,
  schoolId: true,
  userId: true,
  to: true,
  subject: true,
  text: true,
  status: true,
  attempts: true,
  erasure: true,
  kind: true,
  channel: true,
  template: true,
  announcementId: true,
  nextAttemptAt: true,
  sentAt: true,
  lockedUntil: true,
  lastError: true,
  erasedAt: true,
  providerMessageId: true,
  deliveredAt: true,
  fallbackOf: true,
} as const;

describe("insertOutboxRows", () => {
  it("writes each channel's row as createMany does, in order, defaults included", async () => {
    const school = await defaultSchool();
    const parent = await signedUpParent();
    const db = await schoolDb(school.id);
    const morning = new Date("2030-03-06T06:00:00.000Z");
    const rowsFor = (marker: string): OutboxRow[] => [
      {
        schoolId: school.id,
        userId: parent.id,
        to: `${marker}-receipt@example.com`,
        subject: "Receipt",
        text: "Paid",
        kind: "payments",
      },
      {
        schoolId: school.id,
        to: `${marker}-reset@example.com`,
        subject: "Reset",
        text: "Code",
        erasure: "secret",
      },
      {
        schoolId: school.id,
        userId: parent.id,
        channel: "sms",
        to: `+26097700000${marker === "raw" ? 1 : 2}`,
        subject: "Announcement",
        text: "School closes early",
        kind: "announcements",
        announcementId: 41,
        nextAttemptAt: morning,
      },
      {
        schoolId: school.id,
        userId: parent.id,
        channel: "whatsapp",
        to: `+26097700000${marker === "raw" ? 3 : 4}`,
        subject: "Announcement",
        text: "School closes early",
        kind: "announcements",
        template: { name: "announcement", params: ["School closes early", "K 1,250.00"] },
      },
    ];
    const before = new Date();
    const [raw, prisma] = await db.$transaction(async (tx) => {
      await insertOutboxRows(tx, school.id, rowsFor("raw"));
      await tx.emailOutbox.createMany({ data: rowsFor("prisma") });
      const read = (ids: { gt: number }) =>
        tx.emailOutbox.findMany({ where: { id: ids }, orderBy: { id: "asc" }, select: columns });
      const all = await read({ gt: 0 });
      return [all.slice(-8, -4), all.slice(-4)];
    });
    const after = new Date();

    const comparable = ({ id: _id, ...row }: (typeof raw)[number]) => ({
      ...row,
      to: row.to.replace(/raw|prisma/, "x").replace(/\+26097700000\d/, "+phone"),
      // Both default to the server's clock at the insert, a few milliseconds apart.
      nextAttemptAt: row.nextAttemptAt.getTime() === morning.getTime() ? morning : "now",
    });
    expect(raw.map(comparable)).toEqual(prisma.map(comparable));
    expect(raw.map((row) => row.channel)).toEqual(["email", "email", "sms", "whatsapp"]);
    expect(raw.map((row) => row.userId)).toEqual([parent.id, null, parent.id, parent.id]);
    expect(raw[0]).toMatchObject({ status: "pending", attempts: 0, erasure: "after_retention" });
    expect(raw[1]!.erasure).toBe("secret");
    expect(raw[2]!.nextAttemptAt).toEqual(morning);
    expect(raw[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(raw[0]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(after.getTime());
    // No template is SQL NULL, not JSON null, as createMany left it.
    const withoutTemplate = (rows: typeof raw) =>
      db.emailOutbox.count({
        where: { id: { in: rows.map((row) => row.id) }, template: { equals: Prisma.DbNull } },
      });
    expect(await withoutTemplate(raw)).toBe(3);
    expect(await withoutTemplate(prisma)).toBe(3);
  });

  it("refuses a row of another school and writes nothing", async () => {
    const school = await defaultSchool();
    const db = await schoolDb(school.id);
    const row: OutboxRow = {
      schoolId: school.id + 1,
      to: "c@example.com",
      subject: "s",
      text: "t",
    };
    await expect(db.$transaction((tx) => insertOutboxRows(tx, school.id, [row]))).rejects.toThrow(
      "outbox rows of another school",
    );
    expect(await db.emailOutbox.count({ where: { to: "c@example.com" } })).toBe(0);
  });
});
