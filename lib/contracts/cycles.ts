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
