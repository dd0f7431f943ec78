import "server-only";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { AttemptActionAnswer } from "@/lib/contracts/live-orders";
import { RECOVERY, STATUS, TX, type RecoveryStatus } from "@/lib/contracts/payments";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { kickOutbox } from "@/lib/messaging/outbox";
import { applyPercentOff, fromNgwee, toNgwee } from "@/lib/money";
import type { PricedLine } from "@/lib/orders/check-cart";
import { recipientColumns } from "@/lib/messaging/notify";
import { enqueueOrderConfirmation, paidByText } from "@/lib/orders/confirmation-email";
import { orderRow } from "@/lib/orders/order-rows";
import { snapshotLines, type SnapshotLine } from "@/lib/payments/admin/snapshot";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import { idKey } from "@/lib/schools/keys";
import { guardedBy } from "@/lib/students/guardianship";
import type { RecoveryItemInput } from "@/lib/validations/live-orders";

// Order Recovery's Retry (spec 001 §4 "Failed-order attempt statuses", §7, §9): the admin sends the
// paid cart's items and the server creates them as DISCOUNT orders of the attempt's user. All in
// ONE transaction that first claims the attempt with a conditional update ("Recovery in progress"),
// so two retries at once create the orders once. A refusal rolls everything back and is then
// recorded as the attempt's recovery status (the spec's list) and answered 4xx.

type Actor = Pick<SessionUser, "id">;

class RecoveryRefusal extends Error {
  constructor(
    readonly recoveryStatus: RecoveryStatus,
    readonly httpStatus: number,
    readonly detail: string,
  ) {
    super(recoveryStatus);
  }
}

/** A database error from creating the orders (unique index, missing row …), not an outage. */
function isCreationError(error: unknown): boolean {
  const code =
    typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return typeof code === "string" && /^P2\d{3}$/.test(code);
}

const OPEN_FOR_RECOVERY = {
  fulfilledAt: null,
  OR: [
    { recoveryStatus: null },
    { recoveryStatus: { notIn: [RECOVERY.inProgress, RECOVERY.done] } },
  ],
};

export async function recoverOrders(
  school: SchoolContext,
  actor: Actor,
  attemptId: number,
  items: RecoveryItemInput[],
): Promise<AttemptActionAnswer> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const exists = await db.paymentAttempt.findUnique({
    where: idKey(schoolId, attemptId),
    select: { id: true },
  });
  if (!exists) throw notFound("Failed order not found");

  let created: number;
  try {
    created = await db.$transaction(async (tx) => {
      const claim = await tx.paymentAttempt.updateMany({
        where: { schoolId, id: attemptId, ...OPEN_FOR_RECOVERY },
        data: { recoveryStatus: RECOVERY.inProgress },
      });
      if (claim.count === 0) {
        throw conflict("The orders of this payment were already created or are being recovered");
      }
      const attempt = await tx.paymentAttempt.findUniqueOrThrow({
        where: idKey(schoolId, attemptId),
        select: {
          userId: true,
          status: true,
          recoveryStatus: true,
          transactionStatus: true,
          paymentAmount: true,
          cartItems: true,
          paymentMethod: true,
          mobileOperator: true,
          mobileNumber: true,
          user: { select: { name: true, ...recipientColumns } },
        },
      });
      if (attempt.transactionStatus !== TX.verified) {
        throw new RecoveryRefusal(RECOVERY.notVerified, 409, "The payment is not verified");
      }

      const studentIds = [...new Set(items.map((i) => i.studentId))];
      const students = await tx.student.findMany({
        where: {
          schoolId,
          id: { in: studentIds },
          archivedAt: null,
          ...guardedBy(attempt.userId),
        },
        select: { id: true, name: true, grade: true },
      });
      const studentById = new Map(students.map((s) => [s.id, s]));
      const foreign = studentIds.filter((id) => !studentById.has(id));
      if (foreign.length > 0) {
        throw new RecoveryRefusal(
          RECOVERY.invalidStudents,
          422,
          `Students not on this account: ${foreign.join(", ")}`,
        );
      }

      const snapshot = snapshotLines(attempt.cartItems);
      const cycleId = snapshot.find((l) => l.cycleId !== null)?.cycleId ?? null;
      const cycle =
        cycleId === null
          ? null
          : await tx.orderCycle.findUnique({
              where: idKey(schoolId, cycleId),
              select: { id: true, startDate: true, cycleLength: true, blockedDays: true },
            });
      if (!cycle) {
        throw new RecoveryRefusal(RECOVERY.creationFailed, 422, "The payment names no order cycle");
      }
      const blocked = (cycle.blockedDays as { weekNumber: number; dayOfWeek: number }[]) ?? [];
      const blockedItems = items.filter((i) =>
        blocked.some((b) => b.weekNumber === i.weekNumber && b.dayOfWeek === i.dayOfWeek),
      );
      if (blockedItems.length > 0) {
        throw new RecoveryRefusal(
          RECOVERY.blockedDays,
          422,
          blockedItems.map((i) => `Week ${i.weekNumber}, day ${i.dayOfWeek} is blocked`).join("; "),
        );
      }
      const outside = items.filter((i) => i.weekNumber > cycle.cycleLength);
      if (outside.length > 0) {
        throw new RecoveryRefusal(
          RECOVERY.creationFailed,
          422,
          `The cycle has ${cycle.cycleLength} weeks`,
        );
      }

      const menuItemIds = [...new Set(items.map((i) => i.menuItemId))];
      const menuItems = await tx.menuItem.findMany({
        where: { schoolId, id: { in: menuItemIds } },
        select: { id: true, name: true, price: true, discountPrice: true },
      });
      const itemById = new Map(menuItems.map((m) => [m.id, m]));
      const missing = menuItemIds.filter((id) => !itemById.has(id));
      if (missing.length > 0) {
        throw new RecoveryRefusal(
          RECOVERY.creationFailed,
          422,
          `Menu items not found: ${missing.join(", ")}`,
        );
      }

      const startDate = toIsoDate(cycle.startDate);
      const lines: PricedLine[] = items.map((input) => {
        const student = studentById.get(input.studentId)!;
        const item = itemById.get(input.menuItemId)!;
        const price = priceOf(input, snapshot, item);
        return {
          menuItemId: item.id,
          menuItemName: item.name,
          studentId: student.id,
          studentName: student.name,
          studentGrade: student.grade,
          cycleId: cycle.id,
          weekNumber: input.weekNumber,
          dayOfWeek: input.dayOfWeek,
          date: cycleDayDate(startDate, input.weekNumber, input.dayOfWeek),
          category: input.category,
          sideDish: input.sideDish,
          comments: input.comments,
          ...price,
        };
      });
      for (const line of lines) {
        await tx.order.create({
          data: orderRow(attempt.userId, line, {
            paymentStatus: "confirmed",
            paymentProcessor: "DISCOUNT",
            paymentAttemptId: attemptId,
          }),
        });
      }
      await tx.paymentAttempt.update({
        where: idKey(schoolId, attemptId),
        data: {
          recoveryStatus: RECOVERY.done,
          status: STATUS.done,
          fulfilledAt: new Date(),
          isRecovered: true,
        },
      });
      await audit(tx, actor, {
        action: "payment.recover",
        entity: "PaymentAttempt",
        entityId: attemptId,
        before: { status: attempt.status, recoveryStatus: attempt.recoveryStatus },
        after: { status: STATUS.done, recoveryStatus: RECOVERY.done, isRecovered: true },
        details: { ordersCreated: lines.length, studentIds, menuItemIds },
      });
      const total = fromNgwee(lines.reduce((sum, l) => sum + toNgwee(l.discountedPrice), 0));
      // Issue 48: an office action, not the parent's: SMS and WhatsApp wait out quiet hours.
      await enqueueOrderConfirmation(
        tx,
        school,
        { id: attempt.userId, ...attempt.user },
        lines,
        total,
        { paidBy: paidByText(attempt), immediate: false },
      );
      return lines.length;
    });
  } catch (error) {
    const refusal =
      error instanceof RecoveryRefusal
        ? error
        : isCreationError(error)
          ? new RecoveryRefusal(
              RECOVERY.creationFailed,
              409,
              "A meal day of this cart is already ordered, or a record is missing",
            )
          : null;
    if (!refusal) throw error;
    await recordRefusal(schoolId, actor, attemptId, refusal);
    throw new ApiError(refusal.httpStatus, refusal.recoveryStatus, { details: refusal.detail });
  }
  kickOutbox(school.id);
  return {
    success: true,
    status: RECOVERY.done,
    message: `Orders created successfully (${created})`,
  };
}

/** The snapshot's price for the same meal, else today's menu price with the cart's discount. */
function priceOf(
  input: RecoveryItemInput,
  snapshot: SnapshotLine[],
  item: {
    price: { toFixed(d: number): string };
    discountPrice: { toFixed(d: number): string } | null;
  },
): Pick<
  PricedLine,
  "originalPrice" | "discountedPrice" | "discountPercentage" | "allergyAcknowledged"
> {
  const same = snapshot.find(
    (l) =>
      l.menuItemId === input.menuItemId &&
      l.studentId === input.studentId &&
      l.weekNumber === input.weekNumber &&
      l.dayOfWeek === input.dayOfWeek,
  );
  if (same) {
    return {
      originalPrice: same.originalPrice,
      discountedPrice: same.discountedPrice,
      discountPercentage: same.discountPercentage,
      allergyAcknowledged: same.allergyAcknowledged,
    };
  }
  const percent =
    (snapshot.find((l) => l.studentId === input.studentId) ?? snapshot[0])?.discountPercentage ?? 0;
  const base = toNgwee((item.discountPrice ?? item.price).toFixed(2));
  return {
    originalPrice: item.price.toFixed(2),
    discountedPrice: fromNgwee(applyPercentOff(base, percent)),
    discountPercentage: percent,
    allergyAcknowledged: false,
  };
}

/** After the rollback: the refusal becomes the attempt's recovery status, with its audit row. */
async function recordRefusal(
  schoolId: number,
  actor: Actor,
  attemptId: number,
  refusal: RecoveryRefusal,
) {
  const db = await schoolDb(schoolId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.paymentAttempt.updateMany({
      where: { schoolId, id: attemptId, ...OPEN_FOR_RECOVERY },
      data: { recoveryStatus: refusal.recoveryStatus, errorDetails: refusal.detail },
    });
    if (count > 0) {
      await audit(tx, actor, {
        action: "payment.recover-refused",
        entity: "PaymentAttempt",
        entityId: attemptId,
        after: { recoveryStatus: refusal.recoveryStatus },
        details: { reason: refusal.detail },
      });
    }
  });
}
