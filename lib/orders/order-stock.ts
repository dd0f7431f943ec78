import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { conflict, type ApiError } from "@/lib/api/errors";
import { schoolDb, type Tx } from "@/lib/db";
import type { Email } from "@/lib/mail/outbox";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";
import { cappedPortionsOf } from "@/lib/menu/order-portions";
import {
  SoldOut,
  stockKey,
  stockTaken,
  takeStock,
  type SoldOutDay,
  type StockTake,
} from "@/lib/menu/stock";
import { parseIsoDate } from "@/lib/school-calendar";

// Issue 47's daily caps as orders see them: a pre-order takes one portion of its item on its
// school day (the cycle's date of its week and day), a cancelled one gives it back, each in the
// order's own transaction (decision 0104). Uncapped items cost no statement.

/** A cart line as far as the caps go. */
type CapLine = { menuItemId: number; date: string; dailyCap?: number | null };

/** One portion per capped line, on the line's date; none for uncapped lines. */
export function capTakes(lines: readonly CapLine[]): StockTake[] {
  return lines.flatMap((line) =>
    typeof line.dailyCap === "number"
      ? [{ menuItemId: line.menuItemId, day: line.date, quantity: 1, cap: line.dailyCap }]
      : [],
  );
}

/** "Chicken Wrap is sold out on Tuesday 8 December". */
export function soldOutMessage(itemName: string, day: string): string {
  const date = parseIsoDate(day);
  const when = date ? format(new TZDate(date.getTime(), "UTC"), "EEEE d MMMM") : day;
  return `${itemName} is sold out on ${when}`;
}

/** The 409 of a cart with a sold-out day: the first named in the message, every one in `soldOut`. */
export function soldOutConflict(
  days: readonly SoldOutDay[],
  lines: readonly { menuItemId: number; menuItemName: string }[],
): ApiError {
  const nameOf = new Map(lines.map((line) => [line.menuItemId, line.menuItemName]));
  const [first] = days;
  const message = first
    ? soldOutMessage(nameOf.get(first.menuItemId) ?? "This item", first.day)
    : "Sold out";
  return conflict(message, {
    soldOut: days.map((day) => ({ ...day, menuItemName: nameOf.get(day.menuItemId) ?? null })),
  });
}

/**
 * Before a card or mobile-money payment is opened: a cart with a capped day that is already sold
 * out is refused (409) before the parent pays. Only a check: the portions are taken when the paid
 * cart is booked, and a day that sells out in between is credited then (book-paid-cart.ts).
 */
export async function assertNotSoldOut(
  schoolId: number,
  lines: readonly (CapLine & { menuItemName: string })[],
): Promise<void> {
  const takes = capTakes(lines);
  if (takes.length === 0) return;
  const db = await schoolDb(schoolId);
  const taken = await stockTaken(
    db,
    schoolId,
    [...new Set(takes.map((t) => t.menuItemId))],
    [...new Set(takes.map((t) => t.day))],
  );
  const wanted = new Map<string, StockTake>();
  for (const take of takes) {
    const key = stockKey(take.menuItemId, take.day);
    const seen = wanted.get(key);
    wanted.set(key, seen ? { ...seen, quantity: seen.quantity + 1 } : take);
  }
  const over: SoldOutDay[] = [];
  for (const [key, take] of wanted) {
    const left = Math.max(0, take.cap - (taken.get(key) ?? 0));
    if (take.quantity > left) over.push({ menuItemId: take.menuItemId, day: take.day, left });
  }
  if (over.length > 0) throw soldOutConflict(over, lines);
}

export const isSoldOut = (error: unknown): error is SoldOut => error instanceof SoldOut;

/**
 * Before an admin restores cancelled orders: their capped portions, to be taken again once the
 * restore is known (`retakeStock`), so a restore never goes over a cap.
 */
export const cancelledPortionsOf = (tx: Tx, schoolId: number, orderIds: readonly number[]) =>
  cappedPortionsOf(tx, schoolId, orderIds, true);

/** Takes the restored orders' portions again: a day now sold out refuses the restore (409). */
export async function retakeStock(
  tx: Tx,
  schoolId: number,
  portions: readonly (StockTake & { name: string })[],
): Promise<void> {
  try {
    await takeStock(tx, schoolId, [...portions]);
  } catch (error) {
    if (!isSoldOut(error)) throw error;
    const names = portions.map((p) => ({ menuItemId: p.menuItemId, menuItemName: p.name }));
    throw soldOutConflict(error.days, names);
  }
}

/**
 * A paid cart's lines that sold out before it was booked (fulfil): the parent is told which, and
 * that their price is in the account's credit. Null when none, or without an address.
 */
export function soldOutCreditedEmail(
  parent: { id: number; name: string; email: string | null },
  lines: readonly {
    menuItemName: string;
    studentName: string;
    date: string;
    discountedPrice: string;
  }[],
): Email | null {
  if (!parent.email || lines.length === 0) return null;
  const credited = lines.reduce((sum, line) => sum + toNgwee(line.discountedPrice), 0);
  const body = lines.map(
    (line) => `- ${line.studentName}: ${soldOutMessage(line.menuItemName, line.date)}`,
  );
  return {
    userId: parent.id,
    to: parent.email,
    subject: `Sold out: ${lines.length} meal${lines.length === 1 ? "" : "s"} not booked`,
    text:
      `Hello ${parent.name},\n\nYour payment came through, but ${lines.length === 1 ? "this meal" : "these meals"} sold out before it was booked:\n\n${body.join("\n")}\n\n` +
      `${formatZmw(fromNgwee(credited))} is in your account credit, for other meals.\n`,
  };
}
