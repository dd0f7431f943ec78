import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Tx } from "@/lib/db";
import { enqueueEmail, type Email } from "@/lib/mail/outbox";
import { formatZmw } from "@/lib/money";
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

/** Queues the "orders placed" e-mail listing each child, day and meal, in the same transaction. */
export async function enqueueOrderConfirmation(
  tx: Tx,
  parent: { id: number; name: string; email: string | null },
  lines: readonly PricedLine[],
  total: string,
): Promise<void> {
  const email = orderConfirmationEmail(parent, lines, total);
  if (email) await enqueueEmail(email, tx);
}
