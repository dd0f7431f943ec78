import "server-only";
import { TZDate } from "@date-fns/tz";
import type { SessionUser } from "@/lib/auth/session";
import { creditDescription } from "@/lib/contracts/credit";
import { attemptPayment, paymentMethodText } from "@/lib/contracts/mobile-money";
import { refundMethodLabel } from "@/lib/contracts/refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { StatementDto, StatementMovement } from "@/lib/contracts/statement";
import { TOP_UP_KEY_PREFIX } from "@/lib/contracts/wallet";
import { signedNgwee } from "@/lib/credit/ledger";
import { schoolDb } from "@/lib/db";
import { fromNgwee, toNgwee } from "@/lib/money";
import { addDaysIso, cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import { officeAmount } from "@/lib/orders/refunds";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StatementPeriod } from "@/lib/validations/statement";

// The lines of a family's statement (issue 49), for the signed-in account only and only in its
// school: every query names both. The period is whole days of the school's calendar: from the
// school's midnight starting `from` to the one ending `to`. The PDF is drawn elsewhere
// (statement-pdf.ts) from what this answers.

/** Processor of orders paid by mobile money or bank transfer straight to the school (0033). */
const BY_HAND_PROCESSOR = "BYPASS";
const BY_HAND_METHOD = "Mobile money or bank transfer";

/** The instants the period runs between: [start, end). */
export function periodBounds(period: StatementPeriod, timeZone: string) {
  const midnight = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
  };
  return { start: midnight(period.from), end: midnight(addDaysIso(period.to, 1)) };
}

/** Each movement with the wallet's balance after it, starting from `opening` (ngwee). */
export function withRunningBalance(
  opening: number,
  entries: readonly { at: string; description: string; ngwee: number }[],
): StatementMovement[] {
  let balance = opening;
  return entries.map((entry) => {
    balance += entry.ngwee;
    return {
      at: entry.at,
      description: entry.description,
      amount: fromNgwee(entry.ngwee),
      balance: fromNgwee(balance),
    };
  });
}

type RefundedOrder = {
  discountedPrice: Prisma.Decimal;
  creditEntries: { amount: Prisma.Decimal; kind: string; adminId: number | null }[];
  cardRefund: { amount: Prisma.Decimal; status: string } | null;
};

/**
 * What a refund gave back for its order: a card refund through DPO its own amount (partial or
 * whole, issue 49); a refund to credit the credit that came back for the order (also among the
 * wallet's movements); a refund by hand the price less the credit the cancel already gave back,
 * which is what the office paid out (lib/orders/refunds.ts).
 */
function refundedAmount(method: string, order: RefundedOrder): string {
  if (method === "dpo" && order.cardRefund?.status === "refunded") {
    return order.cardRefund.amount.toFixed(2);
  }
  if (method === "credit") {
    const back = order.creditEntries.reduce((sum, e) => sum + toNgwee(e.amount.toFixed(2)), 0);
    return fromNgwee(back);
  }
  const atCancel = order.creditEntries.filter((e) => e.kind === "refund" && e.adminId === null);
  return officeAmount({ discountedPrice: order.discountedPrice, creditEntries: atCancel });
}

export async function getStatement(
  school: SchoolContext,
  actor: Pick<SessionUser, "id" | "name">,
  period: StatementPeriod,
): Promise<StatementDto> {
  const schoolId = school.id;
  const userId = actor.id;
  const db = await schoolDb(schoolId);
  const { start, end } = periodBounds(period, school.timeZone);
  const within = { gte: start, lt: end };
  // One snapshot (repeatable read): a payment made while the statement is read cannot make its
  // running balance disagree with the closing one.
  const [attempts, byHand, orders, refunds, entries, before, after] = await db.$transaction(
    (tx) =>
      Promise.all([
        tx.paymentAttempt.findMany({
          where: { schoolId, userId, transactionStatus: "verified", verifiedAt: within },
          orderBy: [{ verifiedAt: "asc" }, { id: "asc" }],
          select: {
            verifiedAt: true,
            transactionRef: true,
            paymentAmount: true,
            paymentMethod: true,
            mobileOperator: true,
            mobileNumber: true,
            cartKey: true,
          },
        }),
        tx.order.findMany({
          where: {
            schoolId,
            userId,
            paymentProcessor: BY_HAND_PROCESSOR,
            paymentStatus: "confirmed",
            orderDate: within,
          },
          orderBy: [{ orderDate: "asc" }, { id: "asc" }],
          select: { id: true, orderDate: true, discountedPrice: true },
        }),
        tx.order.findMany({
          where: { schoolId, userId, orderDate: within },
          orderBy: [{ orderDate: "asc" }, { id: "asc" }],
          select: {
            id: true,
            orderDate: true,
            weekNumber: true,
            dayOfWeek: true,
            discountedPrice: true,
            status: true,
            paymentStatus: true,
            student: { select: { name: true } },
            menuItem: { select: { name: true } },
            cycle: { select: { startDate: true } },
          },
        }),
        tx.orderRefund.findMany({
          where: { schoolId, createdAt: within, order: { schoolId, userId } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: {
            createdAt: true,
            method: true,
            reference: true,
            order: {
              select: {
                id: true,
                discountedPrice: true,
                student: { select: { name: true } },
                menuItem: { select: { name: true } },
                creditEntries: {
                  where: { kind: { in: ["refund", "closure"] } },
                  select: { amount: true, kind: true, adminId: true },
                },
                cardRefund: { select: { amount: true, status: true } },
              },
            },
          },
        }),
        tx.creditEntry.findMany({
          where: { schoolId, userId, createdAt: within },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { createdAt: true, amount: true, kind: true, reason: true },
        }),
        tx.creditEntry.aggregate({
          where: { schoolId, userId, createdAt: { lt: start } },
          _sum: { amount: true },
        }),
        tx.creditEntry.aggregate({
          where: { schoolId, userId, createdAt: { lt: end } },
          _sum: { amount: true },
        }),
      ]),
    { isolationLevel: "RepeatableRead" },
  );

  const opening = signedNgwee((before._sum.amount ?? 0).toFixed(2));
  const payments = [
    ...attempts.map((a) => ({
      at: (a.verifiedAt ?? end).toISOString(),
      method: paymentMethodText(attemptPayment(a)),
      purpose: a.cartKey?.startsWith(TOP_UP_KEY_PREFIX) ? "Wallet top-up" : "Meals",
      reference: a.transactionRef,
      amount: a.paymentAmount.toFixed(2),
    })),
    ...byHand.map((o) => ({
      at: o.orderDate.toISOString(),
      method: BY_HAND_METHOD,
      purpose: "Meals",
      reference: `Order ${o.id}`,
      amount: o.discountedPrice.toFixed(2),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return {
    schoolName: school.name,
    timeZone: school.timeZone,
    accountName: actor.name,
    from: period.from,
    to: period.to,
    payments,
    orders: orders.map((o) => ({
      orderId: o.id,
      placedAt: o.orderDate.toISOString(),
      child: o.student.name,
      day: cycleDayDate(toIsoDate(o.cycle.startDate), o.weekNumber, o.dayOfWeek),
      meal: o.menuItem.name,
      amount: o.discountedPrice.toFixed(2),
      status: o.status,
      paymentStatus: o.paymentStatus,
    })),
    refunds: refunds.map((r) => ({
      at: r.createdAt.toISOString(),
      orderId: r.order.id,
      child: r.order.student.name,
      meal: r.order.menuItem.name,
      method: refundMethodLabel(r.method),
      reference: r.reference,
      amount: refundedAmount(r.method, r.order),
    })),
    wallet: {
      opening: fromNgwee(opening),
      closing: (after._sum.amount ?? 0).toFixed(2),
      movements: withRunningBalance(
        opening,
        entries.map((e) => ({
          at: e.createdAt.toISOString(),
          description: creditDescription(e.kind, e.reason),
          ngwee: signedNgwee(e.amount.toFixed(2)),
        })),
      ),
    },
  };
}
