import "server-only";
import { appendMovement } from "@/lib/credit/ledger";
import type { Tx } from "@/lib/db";
import { fromNgwee, toNgwee } from "@/lib/money";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { RecipientPrefs } from "@/lib/messaging/preferences";
import { enqueueOrderConfirmation, paidByText } from "@/lib/orders/confirmation-email";
import { orderRow } from "@/lib/orders/order-rows";
import { closedDaysOf, dayKey } from "@/lib/payments/closed-days";
import type { PricedLine } from "@/lib/orders/check-cart";
import { takeStockIfLeft } from "@/lib/menu/stock";
import { soldOutCreditedEmail } from "@/lib/orders/order-stock";
import { enqueueEmail } from "@/lib/mail/outbox";

/** What booking a paid cart reads of its attempt: how it was paid, and the parent's columns. */
export type PaidAttempt = {
  id: number;
  userId: number;
  paymentMethod: string;
  mobileOperator: string | null;
  mobileNumber: string | null;
  user: RecipientPrefs & { name: string };
};

/** An attempt's cart as priced when it was opened; a wallet top-up (issue 47) has no lines. */
export type CartSnapshot = { lines: PricedLine[]; total: string; topUp?: true };

/**
 * Inside fulfil's transaction, once its claim succeeded: a paid cart's orders, confirmed and paid
 * through the provider. A day the school closed after the cart was priced is not booked: its price
 * is credited instead (issue 17). A capped line whose day sold out since it was priced (issue 47)
 * is credited the same way, never refused: the parent has paid; they are e-mailed what was not
 * booked. The confirmation lists what was booked.
 */
export async function bookPaidCart(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  attempt: PaidAttempt,
  snapshot: CartSnapshot,
  options: { paymentProcessor: "DPO" | "DISCOUNT"; immediate: boolean },
): Promise<void> {
  const schoolId = school.id;
  const { paymentProcessor } = options;
  const closed = await closedDaysOf(tx, schoolId, snapshot.lines);
  const booked: PricedLine[] = [];
  const soldOut: PricedLine[] = [];
  for (const line of snapshot.lines) {
    const isClosed = closed.has(dayKey(line));
    const isSoldOut =
      !isClosed &&
      typeof line.dailyCap === "number" &&
      !(await takeStockIfLeft(tx, schoolId, {
        menuItemId: line.menuItemId,
        day: line.date,
        quantity: 1,
        cap: line.dailyCap,
      }));
    if (isClosed || isSoldOut) {
      if (isSoldOut) soldOut.push(line);
      await appendMovement(tx, {
        userId: attempt.userId,
        ngwee: toNgwee(line.discountedPrice),
        kind: "closure",
        paymentAttemptId: attempt.id,
        reason: `${isSoldOut ? "Sold out: " : ""}${line.date}, ${line.studentName}: ${line.menuItemName}`,
      });
      continue;
    }
    booked.push(line);
    await tx.order.create({
      data: orderRow(attempt.userId, line, {
        paymentStatus: "confirmed",
        paymentProcessor,
        paymentAttemptId: attempt.id,
      }),
    });
  }
  const parent = { id: attempt.userId, ...attempt.user };
  const told = soldOutCreditedEmail(parent, soldOut);
  if (told) await enqueueEmail(told, tx);
  // Issue 48: the confirmation goes to the channels the parent chose for payments.
  const confirm = { paidBy: paidByText(attempt), immediate: options.immediate };
  if (booked.length === snapshot.lines.length) {
    await enqueueOrderConfirmation(tx, school, parent, snapshot.lines, snapshot.total, confirm);
  } else if (booked.length > 0) {
    const total = booked.reduce((sum, line) => sum + toNgwee(line.discountedPrice), 0);
    await enqueueOrderConfirmation(tx, school, parent, booked, fromNgwee(total), confirm);
  }
}
