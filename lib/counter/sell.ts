import "server-only";
import { ApiError, conflict, forbidden, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import { allergenList, allergyConflicts } from "@/lib/contracts/allergies";
import {
  COUNTER_ALLERGY,
  COUNTER_BLOCKED,
  COUNTER_ITEM_UNAVAILABLE,
  COUNTER_KEY_REUSED,
  COUNTER_LIMIT_REACHED,
  COUNTER_SOLD_OUT,
  COUNTER_STUDENT_NOT_FOUND,
  COUNTER_WALLET_SHORT,
  type CounterSaleAnswer,
} from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import {
  availableNgwee,
  balancesOf,
  limitOf,
  spentOn,
  type CounterChild,
} from "@/lib/counter/availability";
import { schoolDailyLimit } from "@/lib/counter/settings";
import { appendMovement, lockedWallet } from "@/lib/credit/ledger";
import { noteLowBalance } from "@/lib/credit/low-balance";
import { enqueueCounterReceipt } from "@/lib/counter/receipt-email";
import { schoolDb, type Tx } from "@/lib/db";
import type { Channel } from "@/lib/contracts/notifications";
import { offeredChannels } from "@/lib/messaging/config";
import { SoldOut, takeStock } from "@/lib/menu/stock";
import { formatNgwee, fromNgwee, toNgwee } from "@/lib/money";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { schoolToday } from "@/lib/school-calendar";
import type { CounterSaleInput } from "@/lib/validations/counter";

// A sale at the counter (issue 47), charged to the child's family wallet exactly once. Everything
// happens in one transaction that first locks the family's account (FOR UPDATE, as every spend of
// credit does, decision 0044): parallel sales of one family queue on it, each reads the balance and
// the child's sales of the day after the one before committed, so none takes the wallet below zero
// or the child over the daily limit. Any refusal (blocked, an allergen not confirmed, the limit,
// the wallet, an item sold out) throws inside the transaction: nothing is charged, no stock taken.
// The till's idempotency key makes a retry answer the first sale: read before the transaction,
// again under the account's lock, and finally the unique (school, key) index, whose violation is
// caught and answered with the sale that won.

type Child = CounterChild & { name: string; allergies: string[] };
type Item = {
  id: number;
  name: string;
  price: string;
  allergens: string[];
  dailyCap: number | null;
};

/** POST /api/counter/sales → 201 `{ saleId, total, available }`. */
export async function sellAtCounter(
  school: SchoolContext,
  cashier: SessionUser,
  input: CounterSaleInput,
): Promise<CounterSaleAnswer> {
  // A suspended school sells nothing (issue 45), as it takes no orders or payments.
  assertOpenForOrdering(school);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const today = schoolToday(school.timeZone);
  // Asked together: the two settings' version checks share one query (issue 48's channels).
  const [schoolLimit, offered] = await Promise.all([
    schoolDailyLimit(school),
    offeredChannels(school),
  ]);
  const replay = await answerOfKey(db, school, input, today, schoolLimit);
  if (replay) return replay;
  try {
    return await db.$transaction((tx) =>
      sell(tx, school, cashier, input, { today, schoolLimit, offered }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request with this key committed between our reads and our insert: answer it.
    const first = await answerOfKey(db, school, input, today, schoolLimit);
    if (first) return first;
    throw error;
  }
}

async function sell(
  tx: Tx,
  school: SchoolContext,
  cashier: SessionUser,
  input: CounterSaleInput,
  { today, schoolLimit, offered }: { today: string; schoolLimit: number; offered: Channel[] },
): Promise<CounterSaleAnswer> {
  const schoolId = school.id;
  const child = await childOf(tx, schoolId, input.studentId);
  const { balanceNgwee: balance, watch } = await lockedWallet(tx, schoolId, child.parentId);
  // Under the family's lock: a sale with this key that committed meanwhile is the answer.
  const replay = await answerOfKey(tx, school, input, today, schoolLimit);
  if (replay) return replay;
  if (child.counterBlocked) throw forbidden(COUNTER_BLOCKED(child.name));

  const items = await itemsOf(tx, schoolId, input.items);
  const conflicts = [
    ...new Set(items.flatMap((i) => allergyConflicts(i.allergens, child.allergies))),
  ];
  if (conflicts.length > 0 && !input.allergyAcknowledged) {
    throw conflict(COUNTER_ALLERGY(child.name, allergenList(conflicts)), {
      allergyConflict: { studentId: child.id, allergens: conflicts },
    });
  }
  const lines = input.items.map((line) => {
    const item = items.find((i) => i.id === line.menuItemId)!;
    return { item, quantity: line.quantity, unit: toNgwee(item.price) };
  });
  const total = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  const spentToday = (await spentOn(tx, schoolId, [child.id], today)).get(child.id) ?? 0;
  const limit = limitOf(child, schoolLimit);
  if (spentToday + total > limit) {
    throw forbidden(
      COUNTER_LIMIT_REACHED(child.name, formatNgwee(Math.max(0, limit - spentToday))),
    );
  }
  if (balance < total) {
    throw new ApiError(402, COUNTER_WALLET_SHORT(child.name, formatNgwee(Math.max(0, balance))), {
      balance: fromNgwee(balance),
      total: fromNgwee(total),
    });
  }
  await takeCounterStock(tx, schoolId, lines, today);

  const sale = await tx.counterSale.create({
    data: {
      idempotencyKey: input.idempotencyKey,
      studentId: child.id,
      userId: child.parentId,
      cashierId: cashier.id,
      total: fromNgwee(total),
      day: new Date(`${today}T00:00:00Z`),
    },
    select: { id: true },
  });
  for (const line of lines) {
    await tx.counterSaleLine.create({
      data: {
        saleId: sale.id,
        menuItemId: line.item.id,
        name: line.item.name,
        unitPrice: line.item.price,
        quantity: line.quantity,
        fromStock: line.item.dailyCap !== null,
      },
    });
  }
  await appendMovement(tx, {
    userId: child.parentId,
    ngwee: -total,
    kind: "counter",
    reason: saleReason(child.name, lines),
  });
  // Issue 47: the account's low-balance setting came with its lock.
  await noteLowBalance(tx, school, child.parentId, watch, balance - total, offered);
  await enqueueCounterReceipt(
    tx,
    school,
    child.parentId,
    watch,
    {
      childName: child.name,
      lines: lines.map((line) => ({
        name: line.item.name,
        quantity: line.quantity,
        unitNgwee: line.unit,
      })),
      totalNgwee: total,
      balanceNgwee: balance - total,
    },
    offered,
  );
  const available = availableNgwee({
    balance: balance - total,
    limit,
    spentToday: spentToday + total,
    blocked: false,
  });
  return { saleId: sale.id, total: fromNgwee(total), available: fromNgwee(available) };
}

/** The child (this school's, not archived) with what the counter needs; else 404. */
async function childOf(tx: Tx, schoolId: number, studentId: number): Promise<Child> {
  const [row] = await tx.$queryRaw<Child[]>`
    SELECT "id", "name", "parentId", "allergies", "counterDailyLimit"::text AS "counterDailyLimit",
      "counterBlocked"
    FROM "Student"
    WHERE "schoolId" = ${schoolId} AND "id" = ${studentId} AND "archivedAt" IS NULL`;
  if (!row) throw notFound(COUNTER_STUDENT_NOT_FOUND);
  return row;
}

/** The sale's items: each an available counter item of the school, or 409. */
async function itemsOf(
  tx: Tx,
  schoolId: number,
  lines: CounterSaleInput["items"],
): Promise<Item[]> {
  const ids = [...new Set(lines.map((line) => line.menuItemId))];
  const rows = await tx.menuItem.findMany({
    where: { schoolId, id: { in: ids }, type: "counter", isAvailable: true, isArchived: false },
    select: {
      id: true,
      name: true,
      price: true,
      discountPrice: true,
      allergens: true,
      dailyCap: true,
    },
  });
  if (rows.length < ids.length) {
    const found = new Set(rows.map((row) => row.id));
    throw conflict(COUNTER_ITEM_UNAVAILABLE, {
      menuItemIds: ids.filter((id) => !found.has(id)),
    });
  }
  // The price a parent would pay for it: its discount price when it has one.
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: (row.discountPrice ?? row.price).toFixed(2),
    allergens: row.allergens,
    dailyCap: row.dailyCap,
  }));
}

/** Capped items' portions of today, or 409 naming what is sold out (the transaction rolls back). */
async function takeCounterStock(
  tx: Tx,
  schoolId: number,
  lines: { item: Item; quantity: number }[],
  today: string,
): Promise<void> {
  const takes = lines.flatMap(({ item, quantity }) =>
    item.dailyCap === null
      ? []
      : [{ menuItemId: item.id, day: today, quantity, cap: item.dailyCap }],
  );
  try {
    await takeStock(tx, schoolId, takes);
  } catch (error) {
    if (!(error instanceof SoldOut)) throw error;
    const names = error.days.map((day) => {
      const name = lines.find((line) => line.item.id === day.menuItemId)?.item.name ?? "an item";
      return day.left > 0 ? `${name} (${day.left} left)` : name;
    });
    throw conflict(COUNTER_SOLD_OUT(names.join(", ")), { soldOut: error.days });
  }
}

/** "Natasha: 2 × Crisps, Juice" (what the parent's ledger shows), at most 200 characters. */
function saleReason(childName: string, lines: { item: Item; quantity: number }[]): string {
  const items = lines
    .map(({ item, quantity }) => (quantity > 1 ? `${quantity} × ${item.name}` : item.name))
    .join(", ");
  const text = `${childName}: ${items}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The sale already made with this key, answered as it was (its id and total) with what the child
 * may spend now; null when the key is new. A key of another child's sale is refused (409).
 */
async function answerOfKey(
  db: Pick<Tx, "$queryRaw">,
  school: SchoolContext,
  input: CounterSaleInput,
  today: string,
  schoolLimit: number,
): Promise<CounterSaleAnswer | null> {
  const schoolId = school.id;
  const [sale] = await db.$queryRaw<
    {
      id: number;
      studentId: number;
      total: string;
      parentId: number;
      counterDailyLimit: string | null;
      counterBlocked: boolean;
    }[]
  >`
    SELECT cs."id", cs."studentId", cs."total"::text AS "total", s."parentId",
      s."counterDailyLimit"::text AS "counterDailyLimit", s."counterBlocked"
    FROM "CounterSale" cs
    JOIN "Student" s ON s."schoolId" = ${schoolId} AND s."id" = cs."studentId"
    WHERE cs."schoolId" = ${schoolId} AND cs."idempotencyKey" = ${input.idempotencyKey}`;
  if (!sale) return null;
  if (sale.studentId !== input.studentId) throw conflict(COUNTER_KEY_REUSED);
  const balance = (await balancesOf(db, schoolId, [sale.parentId])).get(sale.parentId) ?? 0;
  const spent = (await spentOn(db, schoolId, [sale.studentId], today)).get(sale.studentId) ?? 0;
  const available = availableNgwee({
    balance,
    limit: limitOf({ ...sale, id: sale.studentId }, schoolLimit),
    spentToday: spent,
    blocked: sale.counterBlocked,
  });
  return {
    saleId: sale.id,
    total: fromNgwee(toNgwee(sale.total)),
    available: fromNgwee(available),
  };
}
