import { describe, expect, it } from "@jest/globals";
import { schoolDb } from "@/lib/db";
import { insertOutboxRows } from "@/lib/messaging/outbox-insert";
import type { OutboxRow } from "@/lib/messaging/notify";
import { defaultSchool } from "@/tests/support/school";

// The outbox rows of a notice go in one raw statement (decision 0123) where Prisma's createMany
// compiled afresh on every checkout. Each column a notice sets must land as createMany put it, and
// the rest keep their defaults.

const columns = {
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
  createdAt: true,
  sentAt: true,
  lockedUntil: true,
} as const;

describe("insertOutboxRows", () => {
  it("writes every channel's row as createMany did, in order, defaults included", async () => {
    const school = await defaultSchool();
    const db = await schoolDb(school.id);
    const morning = new Date("2030-03-06T06:00:00.000Z");
    const rows: OutboxRow[] = [
      {
        schoolId: school.id,
        to: "a@example.com",
        subject: "Receipt",
        text: "Paid",
        kind: "payments",
      },
      {
        schoolId: school.id,
        to: "b@example.com",
        subject: "Reset",
        text: "Code",
        erasure: "secret",
      },
      {
        schoolId: school.id,
        channel: "sms",
        to: "+260977123456",
        subject: "Announcement",
        text: "School closes early",
        kind: "announcements",
        announcementId: 41,
        nextAttemptAt: morning,
      },
      {
        schoolId: school.id,
        channel: "whatsapp",
        to: "+260977123456",
        subject: "Announcement",
        text: "School closes early",
        kind: "announcements",
        template: { name: "announcement", params: ["School closes early", "K 1,250.00"] },
      },
    ];
    const before = new Date();
    const written = await db.$transaction(async (tx) => {
      await insertOutboxRows(tx, school.id, rows);
      return tx.emailOutbox.findMany({
        where: { to: { in: ["a@example.com", "b@example.com", "+260977123456"] } },
        orderBy: { id: "asc" },
        select: columns,
      });
    });
    const after = new Date();
    expect(written).toHaveLength(4);
    for (const row of written) {
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
      expect([row.status, row.attempts, row.sentAt, row.lockedUntil]).toEqual([
        "pending",
        0,
        null,
        null,
      ]);
    }
    const [receipt, reset, sms, whatsapp] = written;
    expect(receipt).toMatchObject({
      schoolId: school.id,
      userId: null,
      subject: "Receipt",
      text: "Paid",
      erasure: "after_retention",
      kind: "payments",
      channel: "email",
      template: null,
      announcementId: null,
    });
    expect(receipt!.nextAttemptAt).toEqual(receipt!.createdAt);
    expect(reset).toMatchObject({ erasure: "secret", kind: null, channel: "email" });
    expect(sms).toMatchObject({ channel: "sms", announcementId: 41, nextAttemptAt: morning });
    expect(whatsapp).toMatchObject({
      channel: "whatsapp",
      template: { name: "announcement", params: ["School closes early", "K 1,250.00"] },
    });
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
