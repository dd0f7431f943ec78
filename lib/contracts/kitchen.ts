// The kitchen's answer (spec 001 §3 "Kitchen order", §7 GET /api/orders/today and /week/{week}):
// a page of live orders, made of the one order line, and the portion summary of the same slot.
import type { PageMetadata } from "@/lib/contracts/paging";
import type { MenuItemType } from "@/lib/contracts";
import type { OrderLineDto } from "@/lib/contracts/order-line";

/** A live order as the kitchen prepares it: no prices, the item's type for the two tables. */
export type KitchenOrder = Pick<
  OrderLineDto,
  | "id"
  | "student"
  | "weekNumber"
  | "dayOfWeek"
  | "category"
  | "sideDish"
  | "comments"
  | "allergyAcknowledged"
> & {
  status: "pending" | "completed";
  menuItem: { name: string; type: MenuItemType };
  /**
   * Issue 44: ordered to be paid by transfer and not yet verified in Pending Payments (payment
   * status pending). The kitchen marks it "Unpaid" until the office confirms the money.
   */
  unpaid: boolean;
};

export type KitchenCycle = { id: number; startDate: string; cycleLength: number };

/**
 * GET /api/kitchen/cycles (issue 44 §7): a cycle the Fat Chef View may show (active, or with meals
 * still to serve), soonest first; the first is the one shown when none is chosen.
 */
export type KitchenCycleChoice = KitchenCycle & { endDate: string; isActive: boolean };

export type PortionComment = { orderId: number; text: string };

export type MenuItemPortion = {
  menuItemId: number;
  name: string;
  type: MenuItemType;
  totalOrders: number;
  /** Issue 44: how many of totalOrders still await their payment (KitchenOrder.unpaid). */
  unpaidOrders: number;
  /** Orders per protein; orders without a protein count only in totalOrders. */
  proteins: Record<string, number>;
  /** Orders per side dish; orders without a side count only in totalOrders. */
  sides: Record<string, number>;
  comments: PortionComment[];
};

export type DayPortions = {
  dayOfWeek: number;
  /** The calendar date of this day in the cycle's week (YYYY-MM-DD). */
  date: string;
  primary: MenuItemPortion[];
  secondary: MenuItemPortion[];
};

export type KitchenOrders = {
  data: KitchenOrder[];
  metadata: PageMetadata;
  cycle: KitchenCycle | null;
  portions: DayPortions[];
};
