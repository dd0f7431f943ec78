// Families with every kind of messaging choice, written straight to the test file's database, for
// the announcements' and the sent messages' tests (issue 48).
import type { Channel, MessageKind } from "@/lib/contracts/notifications";
import { uniqueName } from "@/tests/support/fixtures";
import { testDb } from "@/tests/support/school";

let phones = 0;

export type FamilyOptions = {
  role?: "parent" | "teacher";
  /** A child in this grade ("teacher" for a teacher's own staff record). */
  grade?: string;
  email?: boolean;
  /** "verified": a proven phone; "unverified": a phone never proven; absent: none. */
  phone?: "verified" | "unverified";
  /** The saved choice for announcements (absent: the defaults). */
  announcements?: Channel[];
  smsOptedOut?: boolean;
  deleted?: boolean;
  childArchived?: boolean;
};

export type Family = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  child: { id: number };
};

/** A family account with one child, its messaging columns as asked. */
export async function family(options: FamilyOptions = {}): Promise<Family> {
  const db = await testDb();
  const username = uniqueName("family.");
  const phone =
    options.phone === undefined ? null : `+26097${String(1_000_000 + ++phones).slice(-7)}`;
  const email = options.email === false ? null : `${username}@example.com`;
  const channels: Partial<Record<MessageKind, Channel[]>> | undefined = options.announcements
    ? { announcements: options.announcements }
    : undefined;
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username,
      passwordHash: "x",
      name: `Name ${username}`,
      role: options.role ?? "parent",
      email,
      phone,
      phoneVerifiedAt: options.phone === "verified" ? new Date() : null,
      ...(channels ? { notificationChannels: channels } : {}),
      smsOptedOutAt: options.smsOptedOut ? new Date() : null,
      deletedAt: options.deleted ? new Date() : null,
    },
    select: { id: true, username: true, name: true },
  });
  const child = await db.student.create({
    data: {
      name: `Child of ${username}`,
      grade: options.grade ?? (options.role === "teacher" ? "teacher" : "4"),
      parentId: user.id,
      archivedAt: options.childArchived ? new Date() : null,
    },
    select: { id: true },
  });
  return { ...user, email, phone, child };
}

/** The school's messaging setting, written directly (the settings cache follows its trigger). */
export async function setMessagingSetting(value: { sms: boolean; whatsapp: boolean }) {
  const db = await testDb();
  await db.setting.upsert({
    where: { schoolId_key: { schoolId: 1, key: "messaging" } },
    create: { key: "messaging", value: { senderId: null, ...value } },
    update: { value: { senderId: null, ...value } },
  });
}
