import "server-only";
import { format } from "date-fns";
import type { Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { formatZmw } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";
import type { PricedLine } from "@/lib/orders/check-cart";

/** Queues the "orders placed" e-mail listing each child, day and meal, in the same transaction. */
export async function enqueueOrderConfirmation(
  tx: Tx,
  parent: { name: string; email: string | null },
  lines: readonly PricedLine[],
  total: string,
): Promise<void> {
  if (!parent.email) return;
  const sorted = [...lines].sort(
    (a, b) => a.studentName.localeCompare(b.studentName) || a.date.localeCompare(b.date),
  );
  const body = sorted.map((line) => {
    const day = format(parseIsoDate(line.date) ?? new Date(line.date), "EEEE d MMMM yyyy");
    const choices = [line.category, line.sideDish].filter(Boolean).join(", ");
    return `- ${line.studentName}: ${day}: ${line.menuItemName}${choices ? ` (${choices})` : ""} ${formatZmw(line.discountedPrice)}`;
  });
  await enqueueEmail(
    {
      to: parent.email,
      subject: `Order confirmation: ${lines.length} meal${lines.length === 1 ? "" : "s"}`,
      text:
        `Hello ${parent.name},\n\nThank you. These lunches are ordered:\n\n${body.join("\n")}\n\n` +
        `Total: ${formatZmw(total)}\n\nYou can cancel an order within 1 hour of placing it in Order History.\n`,
    },
    tx,
  );
}
