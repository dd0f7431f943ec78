import "server-only";
import type { Tx } from "@/lib/db";
import type { PricedLine } from "@/lib/orders/check-cart";

// The days of a paid cart that the school closed after the cart was priced (issue 17): fulfil()
// credits them instead of booking them.

export const dayKey = (line: { cycleId: number; weekNumber: number; dayOfWeek: number }) =>
  `${line.cycleId}:${line.weekNumber}:${line.dayOfWeek}`;

/** The cart's days that are now blocked in their cycle (closed since the cart was priced). */
export async function closedDaysOf(
  tx: Tx,
  schoolId: number,
  lines: PricedLine[],
): Promise<Set<string>> {
  const cycleIds = [...new Set(lines.map((line) => line.cycleId))];
  // FOR SHARE: a day being closed right now (close-day holds the cycle FOR UPDATE) is waited for,
  // and a closing that starts after this sees the orders made here.
  const cycles = await tx.$queryRaw<{ id: number; blockedDays: unknown }[]>`
    SELECT "id", "blockedDays" FROM "OrderCycle"
    WHERE "schoolId" = ${schoolId} AND "id" = ANY(${cycleIds}::int[]) FOR SHARE`;
  const closed = new Set<string>();
  for (const cycle of cycles) {
    for (const day of cycle.blockedDays as { weekNumber: number; dayOfWeek: number }[]) {
      closed.add(dayKey({ cycleId: cycle.id, ...day }));
    }
  }
  return closed;
}
