import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  COUNTER_ALREADY_VOIDED,
  COUNTER_SALE_NOT_FOUND,
  COUNTER_VOID_DAY_OVER,
  type CounterVoidAnswer,
} from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import { appendMovement } from "@/lib/credit/ledger";
import { schoolDb } from "@/lib/db";
import { releaseStock } from "@/lib/menu/stock";
import { fromNgwee, toNgwee } from "@/lib/money";
import { schoolToday } from "@/lib/school-calendar";

// Voiding a counter sale (issue 47), on the school day it was made only: in one transaction that
// holds the sale's row, the sale is marked voided (once: a second void is 409), its total goes back
// to the family wallet as a `counter` movement of +total, the portions of capped items go back to
// the day's stock, and the audit trail records who voided it.

const MAX_ID = 2_147_483_647;

/** POST /api/counter/sales/{id}/void. */
export async function voidCounterSale(
  school: SchoolContext,
  actor: SessionUser,
  id: string,
): Promise<CounterVoidAnswer> {
  const saleId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(saleId) || saleId < 1 || saleId > MAX_ID) {
    throw notFound(COUNTER_SALE_NOT_FOUND);
  }
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const today = schoolToday(school.timeZone);
  return db.$transaction(async (tx) => {
    const [sale] = await tx.$queryRaw<
      {
        id: number;
        userId: number;
        studentId: number;
        total: string;
        day: string;
        voidedAt: Date | null;
      }[]
    >`
      SELECT "id", "userId", "studentId", "total"::text AS "total",
        to_char("day", 'YYYY-MM-DD') AS "day", "voidedAt"
      FROM "CounterSale" WHERE "schoolId" = ${schoolId} AND "id" = ${saleId} FOR UPDATE`;
    if (!sale) throw notFound(COUNTER_SALE_NOT_FOUND);
    if (sale.voidedAt) throw conflict(COUNTER_ALREADY_VOIDED);
    if (sale.day !== today) throw conflict(COUNTER_VOID_DAY_OVER);
    const voidedAt = new Date();
    await tx.counterSale.update({
      where: { schoolId_id: { schoolId, id: sale.id } },
      data: { voidedAt, voidedById: actor.id },
    });
    const total = toNgwee(sale.total);
    await appendMovement(tx, {
      userId: sale.userId,
      ngwee: total,
      kind: "counter",
      adminId: actor.id,
      reason: `sale ${sale.id} voided, money returned`,
    });
    const lines = await tx.counterSaleLine.findMany({
      where: { schoolId, saleId: sale.id, fromStock: true },
      select: { menuItemId: true, quantity: true },
    });
    await releaseStock(
      tx,
      schoolId,
      lines.map((line) => ({ ...line, day: sale.day })),
    );
    await audit(tx, actor, {
      action: "counter-sale.void",
      entity: "CounterSale",
      entityId: sale.id,
      before: { voidedAt: null },
      after: { voidedAt: voidedAt.toISOString() },
      details: { total: fromNgwee(total), studentId: sale.studentId, accountId: sale.userId },
    });
    return { saleId: sale.id, total: fromNgwee(total), voidedAt: voidedAt.toISOString() };
  });
}
