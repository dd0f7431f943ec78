import "server-only";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { CloseDayAnswer } from "@/lib/contracts/credit";
import type { SchoolContext } from "@/lib/contracts/schools";
import { dayClosedEmail, type CancelledMeal } from "@/lib/cycles/close-day-email";
import { appendMovement } from "@/lib/credit/ledger";
import { schoolDb, type Tx } from "@/lib/db";
import type { Channel } from "@/lib/contracts/notifications";
import { kickOutbox } from "@/lib/messaging/outbox";
import { offeredChannels } from "@/lib/messaging/config";
import { notify } from "@/lib/messaging/notify";
import { dayClosedTexts } from "@/lib/messaging/templates/closures";
import { fromNgwee, toNgwee } from "@/lib/money";
import { cycleDayDate, schoolToday, toIsoDate } from "@/lib/school-calendar";
import { idKey } from "@/lib/schools/keys";
import { releaseOrdersStock } from "@/lib/menu/order-portions";
import type { CloseDayValues } from "@/lib/validations/credit";

// Closing a day (issue 17): in one transaction the day joins the cycle's blocked days, every live
// order of that day is cancelled, what each account paid for them is credited (the paid price after
// discounts; a free order or an alternative payment never verified credits nothing), and one
// message per account is queued on the channels it chose (issue 48). The cycle row is locked first: a second closing of the same day
// waits and then finds it blocked (409), and a payment being fulfilled for that day (which reads
// the cycle FOR SHARE) either finishes first and is cancelled here, or sees the day closed.

export const CYCLE_NOT_FOUND = "Order cycle not found";
export const DAY_ALREADY_CLOSED = "This day is already closed";
/** Issue 44 §8: a day gone by was served (or not) already; closing it would credit eaten meals. */
export const DAY_PASSED = "This day has passed: only a day still to come can be closed";
export const weekOutsideCycle = (cycleLength: number) =>
  `Week must be between 1 and ${cycleLength} for this cycle`;

type Day = { weekNumber: number; dayOfWeek: number };

type LiveOrder = {
  id: number;
  userId: number;
  paid: string;
  paymentStatus: string;
  /** Account credit the order took at checkout (issue 44: a transfer still awaited may have some). */
  creditSpent: string;
  studentName: string;
  menuItemName: string;
  accountName: string;
  accountEmail: string | null;
  /** The account's message columns (issue 48), as `recipientColumns` names them. */
  phone: string | null;
  phoneVerifiedAt: Date | null;
  smsOptedOutAt: Date | null;
  notificationChannels: unknown;
  orderReminders: boolean;
  counterReceipts: boolean;
  deletedAt: Date | null;
};

/** Paid for, and so credited: confirmed and not free; awaiting a transfer, its credit part. */
const creditOf = (order: LiveOrder) =>
  order.paymentStatus === "confirmed" ? toNgwee(order.paid) : toNgwee(order.creditSpent);

async function lockCycle(tx: Tx, school: SchoolContext, cycleId: number, day: Day) {
  const [cycle] = await tx.$queryRaw<
    { id: number; startDate: Date; cycleLength: number; blockedDays: Day[] }[]
  >`SELECT "id", "startDate", "cycleLength", "blockedDays" FROM "OrderCycle"
    WHERE "schoolId" = ${school.id} AND "id" = ${cycleId} FOR UPDATE`;
  if (!cycle) throw notFound(CYCLE_NOT_FOUND);
  if (day.weekNumber > cycle.cycleLength) throw unprocessable(weekOutsideCycle(cycle.cycleLength));
  const date = cycleDayDate(toIsoDate(cycle.startDate), day.weekNumber, day.dayOfWeek);
  if (date < schoolToday(school.timeZone)) throw unprocessable(DAY_PASSED);
  const blocked = Array.isArray(cycle.blockedDays) ? cycle.blockedDays : [];
  if (blocked.some((b) => b.weekNumber === day.weekNumber && b.dayOfWeek === day.dayOfWeek)) {
    throw conflict(DAY_ALREADY_CLOSED);
  }
  return { ...cycle, blockedDays: blocked };
}

async function liveOrdersOf(
  tx: Tx,
  schoolId: number,
  cycleId: number,
  day: Day,
): Promise<LiveOrder[]> {
  return tx.$queryRaw<LiveOrder[]>`
    SELECT o."id", o."userId", o."discountedPrice"::text AS "paid",
      o."paymentStatus"::text AS "paymentStatus", s."name" AS "studentName",
      (-COALESCE((SELECT SUM(e."amount") FROM "CreditEntry" e
        WHERE e."schoolId" = ${schoolId} AND e."orderId" = o."id" AND e."kind" = 'spent'), 0))::numeric(14, 2)::text AS "creditSpent",
      m."name" AS "menuItemName", u."name" AS "accountName", u."email" AS "accountEmail",
      u."phone", u."phoneVerifiedAt", u."smsOptedOutAt", u."notificationChannels",
      u."orderReminders", u."counterReceipts", u."deletedAt"
    FROM "Order" o
    JOIN "Student" s ON s."schoolId" = o."schoolId" AND s."id" = o."studentId"
    JOIN "MenuItem" m ON m."schoolId" = o."schoolId" AND m."id" = o."menuItemId"
    JOIN "User" u ON u."schoolId" = o."schoolId" AND u."id" = o."userId"
    WHERE o."schoolId" = ${schoolId} AND o."cycleId" = ${cycleId} AND o."weekNumber" = ${day.weekNumber}
      AND o."dayOfWeek" = ${day.dayOfWeek} AND o."status" IN ('pending', 'completed')
    ORDER BY o."id"
    FOR UPDATE OF o`;
}

const answerOf = (orders: LiveOrder[]): CloseDayAnswer => ({
  cancelledCount: orders.length,
  creditedTotal: fromNgwee(orders.reduce((sum, order) => sum + creditOf(order), 0)),
});

/** What closing the day would do, for the confirmation: nothing is changed (rolled back). */
export async function previewCloseDay(
  school: SchoolContext,
  cycleId: number,
  day: Day,
): Promise<CloseDayAnswer> {
  const db = await schoolDb(school.id);
  return db.$transaction(async (tx) => {
    await lockCycle(tx, school, cycleId, day);
    return answerOf(await liveOrdersOf(tx, school.id, cycleId, day));
  });
}

export async function closeDay(
  school: SchoolContext,
  actor: SessionUser,
  cycleId: number,
  input: CloseDayValues,
): Promise<CloseDayAnswer> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const day = { weekNumber: input.weekNumber, dayOfWeek: input.dayOfWeek };
  const offered = await offeredChannels(school);
  const answer = await db.$transaction(async (tx) => {
    const cycle = await lockCycle(tx, school, cycleId, day);
    await tx.orderCycle.update({
      where: idKey(schoolId, cycleId),
      // The reason is kept with the day: the parent's calendar says why it is closed.
      data: { blockedDays: [...cycle.blockedDays, { ...day, reason: input.reason }] },
    });
    const orders = await liveOrdersOf(tx, schoolId, cycleId, day);
    const credited = orders.filter((order) => creditOf(order) > 0);
    const uncredited = orders.filter((order) => creditOf(order) === 0);
    // Credited orders are refunded to credit (so Refund Management never refunds them again);
    // the others are simply cancelled.
    if (uncredited.length > 0) {
      await tx.order.updateMany({
        where: { schoolId, id: { in: uncredited.map((o) => o.id) } },
        data: { status: "cancelled", version: { increment: 1 } },
      });
    }
    if (credited.length > 0) {
      await tx.order.updateMany({
        where: { schoolId, id: { in: credited.map((o) => o.id) } },
        data: { status: "refunded", version: { increment: 1 } },
      });
      await tx.orderRefund.createMany({
        data: credited.map((order) => ({
          schoolId,
          orderId: order.id,
          method: "credit",
          note: `School closed: ${input.reason}`,
          adminId: actor.id,
        })),
      });
      for (const order of credited) {
        await appendMovement(tx, {
          userId: order.userId,
          ngwee: creditOf(order),
          kind: "closure",
          orderId: order.id,
          adminId: actor.id,
          reason: input.reason,
        });
      }
    }
    // Issue 47: the day's capped portions go back with its orders.
    await releaseOrdersStock(
      tx,
      schoolId,
      orders.map((order) => order.id),
    );
    const isoDate = cycleDayDate(toIsoDate(cycle.startDate), day.weekNumber, day.dayOfWeek);
    await queueMessages(tx, school, offered, orders, isoDate, input.reason);
    const result = answerOf(orders);
    await audit(school, tx, actor, {
      action: "order-cycle.close-day",
      entity: "OrderCycle",
      entityId: cycleId,
      details: {
        ...day,
        date: isoDate,
        reason: input.reason,
        ...result,
        cancelledOrderIds: orders.map((o) => o.id),
      },
    });
    return result;
  });
  kickOutbox(school.id);
  return answer;
}

/**
 * One message per account that had orders on the day, on the channels it chose for closures (issue
 * 48): the e-mail as before, the SMS or WhatsApp after quiet hours (not something the parent did).
 */
async function queueMessages(
  tx: Tx,
  school: SchoolContext,
  offered: Channel[],
  orders: LiveOrder[],
  isoDate: string,
  reason: string,
) {
  const byAccount = new Map<number, { account: LiveOrder; meals: CancelledMeal[] }>();
  for (const order of orders) {
    const entry = byAccount.get(order.userId) ?? { account: order, meals: [] };
    entry.meals.push({
      studentName: order.studentName,
      menuItemName: order.menuItemName,
      creditedNgwee: creditOf(order),
    });
    byAccount.set(order.userId, entry);
  }
  for (const { account, meals } of byAccount.values()) {
    const email = dayClosedEmail(
      { name: account.accountName, email: account.accountEmail },
      isoDate,
      reason,
      meals,
    );
    const texts = dayClosedTexts({
      schoolName: school.name,
      date: isoDate,
      reason,
      childNames: meals.map((meal) => meal.studentName),
      creditedNgwee: meals.reduce((sum, meal) => sum + meal.creditedNgwee, 0),
    });
    await notify(
      tx,
      school,
      { userId: account.userId, kind: "closures", ...(email && { email }), ...texts },
      { prefs: { ...account, email: account.accountEmail }, offered },
    );
  }
}
