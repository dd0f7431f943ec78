import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { attemptPayment, OPERATORS, PAYMENT_METHODS } from "@/lib/contracts/mobile-money";
import type { Channel } from "@/lib/contracts/notifications";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import type { Email } from "@/lib/mail/outbox";
import { notify } from "@/lib/messaging/notify";
import type { RecipientPrefs } from "@/lib/messaging/preferences";
import { paymentConfirmedTexts, type PhoneTexts } from "@/lib/messaging/templates/payments";
import { formatZmw, toNgwee } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";
import type { PricedLine } from "@/lib/orders/check-cart";

/** One line per meal, by child then date: "- Chanda: Tuesday 24 November 2026: Stew (beef) K 45.00". */
export function mealLines(lines: readonly PricedLine[]): string[] {
  const sorted = [...lines].sort(
    (a, b) => a.studentName.localeCompare(b.studentName) || a.date.localeCompare(b.date),
  );
  return sorted.map((line) => {
    // A calendar date, read in UTC so that the server's own zone cannot shift it a day.
    const date = parseIsoDate(line.date);
    const day = date ? format(new TZDate(date.getTime(), "UTC"), "EEEE d MMMM yyyy") : line.date;
    const choices = [line.category, line.sideDish].filter(Boolean).join(", ");
    return `- ${line.studentName}: ${day}: ${line.menuItemName}${choices ? ` (${choices})` : ""} ${formatZmw(line.discountedPrice)}`;
  });
}

/** The "orders placed" e-mail listing each child, day and meal; null without an address. */
export function orderConfirmationEmail(
  parent: { id: number; name: string; email: string | null },
  lines: readonly PricedLine[],
  total: string,
): Email | null {
  if (!parent.email) return null;
  const body = mealLines(lines);
  return {
    userId: parent.id,
    to: parent.email,
    subject: `Order confirmation: ${lines.length} meal${lines.length === 1 ? "" : "s"}`,
    text:
      `Hello ${parent.name},\n\nThank you. These lunches are ordered:\n\n${body.join("\n")}\n\n` +
      `Total: ${formatZmw(total)}\n\nYou can cancel an order within 1 hour of placing it in Order History.\n`,
  };
}

/** How a confirmation says the orders were paid: "card", "Airtel Money", "wallet credit"... */
export function paidByText(
  payment:
    | { paymentMethod: string; mobileOperator: string | null; mobileNumber: string | null }
    | "credit"
    | "free",
): string {
  if (payment === "credit") return "wallet credit";
  if (payment === "free") return "discount";
  const info = attemptPayment(payment);
  return info.method === PAYMENT_METHODS.mobile && info.operator
    ? OPERATORS[info.operator].label
    : "card";
}

/** The SMS and WhatsApp texts of an order confirmation (issue 48, kind `payments`). */
export function orderConfirmationTexts(
  schoolName: string,
  lines: readonly PricedLine[],
  total: string,
  paidBy: string,
): PhoneTexts {
  return paymentConfirmedTexts({
    schoolName,
    meals: lines.map((line) => ({ childName: line.studentName, date: line.date })),
    totalNgwee: toNgwee(total),
    paidBy,
  });
}

/**
 * Queues the "orders placed" confirmation in the same transaction: the e-mail listing each child,
 * day and meal, and the SMS or WhatsApp the parent chose for payments (issue 48). `immediate` when
 * it confirms what the parent just did (their payment); `offered` when read before the transaction.
 */
export async function enqueueOrderConfirmation(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  parent: RecipientPrefs & { id: number; name: string },
  lines: readonly PricedLine[],
  total: string,
  options: { paidBy: string; immediate: boolean; offered?: Channel[] },
): Promise<void> {
  const email = orderConfirmationEmail(parent, lines, total);
  await notify(
    tx,
    school,
    {
      userId: parent.id,
      kind: "payments",
      immediate: options.immediate,
      ...(email && { email }),
      ...orderConfirmationTexts(school.name, lines, total, options.paidBy),
    },
    { prefs: parent, ...(options.offered && { offered: options.offered }) },
  );
}
