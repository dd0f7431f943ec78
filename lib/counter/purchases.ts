import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { CounterPurchaseDto } from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { toIsoDate } from "@/lib/school-calendar";

// The parent's counter purchases (issue 47): what their children bought at the counter, newest
// first, beside their orders in Order History. Never cached (decision 0037, as orders): a sale is
// in the next read, well within the minute the issue allows.

/** How many of the newest sales the history shows. */
const PURCHASES_SHOWN = 200;

/** GET /api/counter/purchases: the caller's family's sales, newest first. */
export async function listCounterPurchases(
  school: Pick<SchoolContext, "id">,
  actor: Pick<SessionUser, "id">,
  /** Every sale, not the newest 200 (the family's copy of its data). */
  all = false,
): Promise<CounterPurchaseDto[]> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const sales = await db.counterSale.findMany({
    where: { schoolId, userId: actor.id },
    select: {
      id: true,
      studentId: true,
      student: { select: { name: true } },
      day: true,
      createdAt: true,
      total: true,
      voidedAt: true,
      lines: {
        select: { name: true, quantity: true, unitPrice: true },
        orderBy: { id: "asc" },
      },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...(!all && { take: PURCHASES_SHOWN }),
  });
  return sales.map((sale) => ({
    id: sale.id,
    studentId: sale.studentId,
    studentName: sale.student.name,
    day: toIsoDate(sale.day),
    createdAt: sale.createdAt.toISOString(),
    total: sale.total.toFixed(2),
    items: sale.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice.toFixed(2),
    })),
    voidedAt: sale.voidedAt?.toISOString() ?? null,
  }));
}
