// The answers of the Order Cycles section (spec 001 §3 "Order cycle", §7), shared by the cycle
// domain and the console. The cycle itself (OrderCycleDto) is the one parents read too.
import type { PageMetadata } from "@/lib/contracts/paging";
import type { OrderCycleDto } from "@/lib/contracts";

/** A past cycle with its order totals (GET /api/order-cycles/history). */
export type CycleHistoryEntry = OrderCycleDto & {
  cycleId: number;
  totalOrders: number;
  /** The sum of the cycle's paid prices, 2 decimals. */
  totalRevenue: string;
};

export type CycleHistoryPage = { data: CycleHistoryEntry[]; metadata: PageMetadata };

/** GET /api/settings/cycle-length: 4 when the setting is absent. */
export type CycleLengthDto = { cycleLength: number };

/** A cycle that still holds live (pending or completed) orders on dates a new cycle would cover. */
export type CycleOverlap = {
  cycleId: number;
  startDate: string;
  endDate: string;
  createdAt: string;
  isActive: boolean;
  /** Its live orders on those dates. */
  liveOrders: number;
  /** Those dates (YYYY-MM-DD), in order, each with its number of live orders. */
  days: { date: string; liveOrders: number }[];
};

/**
 * GET /api/order-cycles/overlap?startDate=…&cycleLength=…: what POST /api/order-cycles would refuse
 * with 409 (the same `message` and `overlaps`); no overlaps and a null message when it may go ahead.
 */
export type CycleOverlapCheck = { overlaps: CycleOverlap[]; message: string | null };

/**
 * The cycle parents order for (decision 0071), from a list ordered as GET /api/order-cycles
 * answers (active first, latest start first): the first active cycle whose ordering has opened.
 */
export function orderingCycle<T extends Pick<OrderCycleDto, "isActive" | "orderingOpensAt">>(
  cycles: readonly T[],
  now: Date,
): T | null {
  return cycles.find((c) => c.isActive && Date.parse(c.orderingOpensAt) <= now.getTime()) ?? null;
}

/** DELETE /api/order-cycles/{id} answers 409 with these when the cycle still has meals to serve. */
export type DeactivateRefusal = { message: string; canForce: true; orderCount: number };
