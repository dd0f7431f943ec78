import "server-only";
import { refundMethodLabel } from "@/lib/contracts/refunds";
import type { Email } from "@/lib/mail/outbox";
import { formatZmw } from "@/lib/money";
import { cycleDayDate } from "@/lib/school-calendar";
import { mealLines } from "@/lib/orders/confirmation-email";

// The parent's e-mails about a meal's money after it was ordered (issue 44): the meal cancelled
// (with what came back to the account credit at once and what the office still refunds), and a
// refund recorded by the school office.

export type MealOfOrder = {
  studentName: string;
  menuItemName: string;
  startDate: string;
  weekNumber: number;
  dayOfWeek: number;
  category: string | null;
  sideDish: string | null;
  discountedPrice: string;
};

type Account = { id: number; name: string; email: string | null };

function mealLine(meal: MealOfOrder): string {
  const [line] = mealLines([
    {
      studentName: meal.studentName,
      menuItemName: meal.menuItemName,
      date: cycleDayDate(meal.startDate, meal.weekNumber, meal.dayOfWeek),
      category: meal.category,
      sideDish: meal.sideDish,
      discountedPrice: meal.discountedPrice,
    } as Parameters<typeof mealLines>[0][number],
  ]);
  return line ?? "";
}

/** The meal cancelled: what came back to the account credit and what is still to be refunded. */
export function orderCancelledEmail(
  account: Account,
  meal: MealOfOrder,
  money: { creditReturned: string; toRefund: string },
): Email | null {
  if (!account.email) return null;
  const lines = [
    money.creditReturned !== "0.00" &&
      `${formatZmw(money.creditReturned)} is back in your account credit and pays for your next order.`,
    money.toRefund !== "0.00" &&
      `The school office refunds the ${formatZmw(money.toRefund)} you paid and e-mails you when it is done.`,
  ].filter(Boolean);
  return {
    userId: account.id,
    to: account.email,
    subject: "Order cancelled",
    text:
      `Hello ${account.name},\n\nThis lunch is cancelled:\n\n${mealLine(meal)}\n\n` +
      (lines.length > 0 ? `${lines.join("\n")}\n\n` : "") +
      `You can see it in your Order History.\n`,
  };
}

/** A refund recorded by the school office: how much, how, and the reference. */
export function refundRecordedEmail(
  account: Account,
  meal: MealOfOrder,
  refund: { amount: string; method: string | null; reference: string | null },
): Email | null {
  if (!account.email) return null;
  const how = [
    refund.method && refundMethodLabel(refund.method),
    refund.reference && `reference ${refund.reference}`,
  ].filter(Boolean);
  return {
    userId: account.id,
    to: account.email,
    subject: `Refund recorded: ${formatZmw(refund.amount)}`,
    text:
      `Hello ${account.name},\n\nThe school office has refunded ${formatZmw(refund.amount)}` +
      `${how.length > 0 ? ` (${how.join(", ")})` : ""} for this cancelled lunch:\n\n${mealLine(meal)}\n`,
  };
}
