// What the account-credit tests share (issue 17): orders written straight into a cycle, the calls
// of the credit endpoints, and the ledger read back.
import * as accountCredit from "@/app/api/account/credit/route";
import * as closeDay from "@/app/api/order-cycles/[id]/close-day/route";
import * as orders from "@/app/api/orders/route";
import * as parentCredit from "@/app/api/parents/[id]/credit/route";
import type { OrderDto } from "@/lib/contracts";
import type { AccountCreditDto, CloseDayAnswer } from "@/lib/contracts/credit";
import { testDb } from "@/tests/support/school";
import type { Browser } from "@/tests/support/http";

export type Day = { weekNumber: number; dayOfWeek: number };

/** One order written directly into a cycle (the way each payment path leaves it). */
export async function orderOn(
  cycleId: number,
  menuItemId: number,
  owner: { userId: number; studentId: number },
  day: Day,
  values: {
    price?: string;
    status?: "pending" | "completed" | "cancelled" | "refunded";
    paymentStatus?: "pending" | "confirmed";
    processor?: string;
  } = {},
) {
  const db = await testDb();
  return db.order.create({
    data: {
      userId: owner.userId,
      studentId: owner.studentId,
      menuItemId,
      cycleId,
      ...day,
      originalPrice: values.price ?? "45.50",
      discountedPrice: values.price ?? "45.50",
      status: values.status ?? "pending",
      paymentStatus: values.paymentStatus ?? "confirmed",
      paymentProcessor: values.processor ?? "DPO",
    },
    select: { id: true },
  });
}

export const closeDayCall = (browser: Browser, cycleId: number, body: unknown) =>
  browser.call<CloseDayAnswer>(closeDay.POST, "POST", `/api/order-cycles/${cycleId}/close-day`, {
    params: { id: String(cycleId) },
    body,
  });

export const previewCloseDay = (browser: Browser, cycleId: number, day: Day) =>
  browser.call<CloseDayAnswer>(closeDay.GET, "GET", `/api/order-cycles/${cycleId}/close-day`, {
    params: { id: String(cycleId) },
    query: { weekNumber: String(day.weekNumber), dayOfWeek: String(day.dayOfWeek) },
  });

export const myCredit = (browser: Browser) =>
  browser.call<AccountCreditDto>(accountCredit.GET, "GET", "/api/account/credit");

export const adjustCredit = (browser: Browser, userId: number | string, body: unknown) =>
  browser.call<AccountCreditDto>(parentCredit.POST, "POST", `/api/parents/${userId}/credit`, {
    params: { id: String(userId) },
    body,
  });

export const creditOf = (browser: Browser, userId: number | string) =>
  browser.call<AccountCreditDto>(parentCredit.GET, "GET", `/api/parents/${userId}/credit`, {
    params: { id: String(userId) },
  });

export const placeOrders = (browser: Browser, items: unknown[]) =>
  browser.call<{ orders: OrderDto[] }>(orders.POST, "POST", "/api/orders", { body: items });

export const myOrders = (browser: Browser) =>
  browser.call<OrderDto[]>(orders.GET, "GET", "/api/orders");

/** The account's balance straight from the ledger, as a 2-decimal string. */
export async function ledgerBalance(userId: number): Promise<string> {
  const db = await testDb();
  const sum = await db.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return (sum._sum.amount ?? 0).toFixed(2);
}

/** Gives an account credit the way an admin does (an adjustment), straight in the ledger. */
export async function giveCredit(userId: number, amount: string) {
  const db = await testDb();
  await db.creditEntry.create({
    data: { userId, amount, kind: "adjustment", reason: "test credit" },
  });
}
