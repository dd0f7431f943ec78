import type { OrderDto } from "@/lib/contracts";

// Order rules the screens apply (spec 000 §4, §9). The server applies them again.

/** Cancellation window: 1 hour from orderDate. */
export const CANCELLATION_WINDOW_MS = 60 * 60 * 1000;

/** A pending or completed order holds its day: no second meal can be added. */
export function isLiveOrder(order: Pick<OrderDto, "status">): boolean {
  return order.status === "pending" || order.status === "completed";
}

/** Cancel is offered while the order is live and under 1 hour old. */
export function canCancelOrder(
  order: Pick<OrderDto, "status" | "orderDate">,
  now: number,
): boolean {
  if (!isLiveOrder(order)) return false;
  const placed = Date.parse(order.orderDate);
  return Number.isFinite(placed) && now - placed < CANCELLATION_WINDOW_MS;
}

/** Newest first (orderDate, then id), whatever order the answer came in. */
export function newestFirst(orders: readonly OrderDto[]): OrderDto[] {
  return [...orders].sort(
    (a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate) || b.id - a.id,
  );
}

/** The orders of one student's day in a cycle: the live one first, else the latest cancelled. */
export function ordersForDay(
  orders: readonly OrderDto[],
  cycleId: number,
  studentId: number,
  weekNumber: number,
  dayOfWeek: number,
): { live: OrderDto | undefined; cancelled: OrderDto | undefined } {
  const day = orders.filter(
    (o) =>
      o.cycleId === cycleId &&
      o.studentId === studentId &&
      o.weekNumber === weekNumber &&
      o.dayOfWeek === dayOfWeek,
  );
  return {
    live: day.find(isLiveOrder),
    cancelled: day.find((o) => o.status === "cancelled" || o.status === "refunded"),
  };
}

/** Money was taken for this order: its payment is confirmed and it cost something. */
export function isPaidOrder(order: Pick<OrderDto, "paymentStatus" | "discountedPrice">): boolean {
  return order.paymentStatus === "confirmed" && Number(order.discountedPrice) > 0;
}

/**
 * Where a cancelled paid order's money is (issue 24 §4), from what the order answer says today: a
 * cancelled paid order waits for the school office's refund, a refunded one has had it. How it was
 * refunded (credit or money back) is for the refund details the order answer will carry.
 */
export function refundState(
  order: Pick<OrderDto, "status" | "paymentStatus" | "discountedPrice">,
): "pending" | "refunded" | null {
  if (!isPaidOrder(order)) return null;
  if (order.status === "refunded") return "refunded";
  return order.status === "cancelled" ? "pending" : null;
}
