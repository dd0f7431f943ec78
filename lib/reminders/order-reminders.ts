import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { getActiveCycle } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { cycleDayOn } from "@/lib/kitchen/portions";
import type { Channel } from "@/lib/contracts/notifications";
import { kickOutbox } from "@/lib/messaging/outbox";
import { offeredChannels } from "@/lib/messaging/config";
import { noticeRows, recipientColumns, type Notice } from "@/lib/messaging/notify";
import { insertOutboxRows } from "@/lib/messaging/outbox-insert";
import { deliveryChannels } from "@/lib/messaging/preferences";
import { sendableAt } from "@/lib/messaging/quiet-hours";
import { orderReminderTexts } from "@/lib/messaging/templates/reminders";
import { reminderEmail } from "@/lib/reminders/reminder-email";
import { unsubscribeLink } from "@/lib/reminders/unsubscribe-token";
import { addDaysIso, isPastCutoff, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { getCutoffTime, getReminderSettings } from "@/lib/settings/settings";

// Order reminders before the cut-off (issue 19). Each sweep, once the school's clock has passed
// the reminder time, every parent or teacher with reminders on, somewhere to send one (an e-mail
// address, or issue 48's verified phone), and a child (or staff record) without a live order for
// tomorrow gets one reminder, if tomorrow is an open day of the active cycle: on each channel the
// account chose for reminders. The claim is a row keyed by account and day, inserted with ON
// CONFLICT DO NOTHING in the transaction that queues the messages of every channel: any number of
// instances may sweep at once, and an account still gets one reminder a day, whatever its
// channels.
// Many schools (issue 45): the sweep calls this once per school, with that school's settings,
// cycle and clock; the links point at the school's own address and name the school. A suspended
// school sends none.

const LIVE_STATUSES = ["pending", "completed"] as const;

type Due = { date: string; cycleId: number; weekNumber: number; dayOfWeek: number };

/** Tomorrow in the school's zone, when reminders are on, their time has come, and it is open. */
async function dueDay(school: SchoolContext, now: Date): Promise<Due | null> {
  const settings = await getReminderSettings(school);
  const zone = school.timeZone;
  if (!settings.enabled) return null;
  if (!isPastCutoff({ cutoffHour: settings.hour, cutoffMinute: settings.minute }, zone, now)) {
    return null;
  }
  const cycle = await getActiveCycle(school, now);
  if (!cycle) return null;
  const date = addDaysIso(schoolToday(zone, now), 1);
  const day = cycleDayOn(cycle, date);
  if (!day) return null;
  const blocked = cycle.blockedDays.some(
    (b) => b.weekNumber === day.weekNumber && b.dayOfWeek === day.dayOfWeek,
  );
  return blocked ? null : { date, cycleId: cycle.id, ...day };
}

/**
 * Queues the school's reminders due now; answers how many accounts were reminded. Safe on any
 * number of instances at once.
 */
export async function sendOrderReminders(
  school: SchoolContext,
  now: Date = new Date(),
): Promise<number> {
  // A suspended school's canteen takes no orders: its families are not asked to order.
  if (school.status !== "active") return 0;
  const due = await dueDay(school, now);
  if (!due) return 0;
  const schoolDay = parseIsoDate(due.date)!;
  const db = await schoolDb(school.id);
  const [offered, cutoff] = await Promise.all([offeredChannels(school), getCutoffTime(school)]);
  // Issue 48: an SMS or WhatsApp waits out quiet hours; one that would arrive after the day's
  // cut-off would remind too late, so only the e-mail goes then.
  const phoneOnTime = sendableAt(school.timeZone, now) < cutoffMoment(due.date, cutoff, school);
  const candidates = await db.user.findMany({
    where: {
      schoolId: school.id,
      role: { in: ["parent", "teacher"] },
      orderReminders: true,
      OR: [{ email: { not: null } }, { phoneVerifiedAt: { not: null } }],
      orderReminderSent: { none: { schoolDay } },
    },
    select: {
      id: true,
      name: true,
      ...recipientColumns,
      students: {
        where: {
          archivedAt: null,
          orders: {
            none: {
              cycleId: due.cycleId,
              weekNumber: due.weekNumber,
              dayOfWeek: due.dayOfWeek,
              status: { in: [...LIVE_STATUSES] },
            },
          },
        },
        select: { name: true },
        orderBy: { name: "asc" },
      },
    },
  });
  const reachable = (channels: Channel[]) =>
    channels.some((channel) => channel === "email" || phoneOnTime);
  const waiting = candidates.filter(
    (user) => user.students.length > 0 && reachable(deliveryChannels(user, "reminders", offered)),
  );
  if (waiting.length === 0) return 0;
  const dayText = format(new TZDate(`${due.date}T12:00:00Z`, "UTC"), "EEEE d MMMM yyyy");
  const cutoffText = `${pad(cutoff.cutoffHour)}:${pad(cutoff.cutoffMinute)}`;
  const portalUrl = new URL("/", school.origin).toString();
  const reminded = await db.$transaction(async (tx) => {
    // The claim of the account's day: whatever its channels, one reminder a day.
    const claimed = await tx.orderReminder.createManyAndReturn({
      data: waiting.map((user) => ({ schoolId: school.id, userId: user.id, schoolDay })),
      skipDuplicates: true,
      select: { userId: true },
    });
    const mine = new Set(claimed.map((row) => row.userId));
    const rows = waiting
      .filter((user) => mine.has(user.id))
      .flatMap((user) => {
        const children = user.students.map((student) => student.name);
        const notice: Notice = {
          userId: user.id,
          kind: "reminders",
          ...(user.email && {
            email: reminderEmail({
              shopName: school.name,
              to: user.email,
              name: user.name || "there",
              children,
              dayText,
              cutoffText,
              portalUrl,
              unsubscribeUrl: unsubscribeLink(school, user.id),
            }),
          }),
          ...(phoneOnTime &&
            orderReminderTexts({
              schoolName: school.name,
              childNames: children,
              date: due.date,
              cutoffText,
              portalUrl,
            })),
        };
        return noticeRows(school, notice, user, offered, now).rows;
      });
    await insertOutboxRows(tx, school.id, rows);
    return mine.size;
  });
  if (reminded > 0) kickOutbox(school.id);
  return reminded;
}

/** The instant orders for `date` close: its cut-off time at the school. */
function cutoffMoment(
  date: string,
  cutoff: { cutoffHour: number; cutoffMinute: number },
  school: SchoolContext,
): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(
    new TZDate(y, m - 1, d, cutoff.cutoffHour, cutoff.cutoffMinute, 0, school.timeZone).getTime(),
  );
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** The unsubscribe link's work: reminders off for this account of this school (idempotent). */
export async function turnOffOrderReminders(school: SchoolContext, userId: number): Promise<void> {
  const db = await schoolDb(school.id);
  await db.user.updateMany({
    where: { schoolId: school.id, id: userId },
    data: { orderReminders: false },
  });
}
