// The shape of GET /api/revenue/stats (spec 001 §3 "Revenue stats", §7), shared by the handler and
// the Revenue Stats screen. Amounts are 2-decimal strings ("1234.50").

export type RevenueBucket = { count: number; amount: string };

export type RevenueCycleOption = {
  id: number;
  startDate: string;
  endDate: string;
  isActive: boolean;
};

export type RevenueStatsDto = {
  /** Every order of the period, whatever its status. */
  totalOrders: number;
  /** Sum of the paid (discounted) price of completed orders. */
  netRevenue: string;
  /** Distinct students ordered for. */
  totalStudents: number;
  /** Status cancelled or refunded. */
  cancelledOrders: RevenueBucket;
  pendingOrders: RevenueBucket;
  /** Derived: count = total − cancelled − pending (spec 001 §9); amount = netRevenue. */
  completedOrders: RevenueBucket;
  /**
   * Account credit (issue 17): issued for the period's orders (closures, refunds to credit; all
   * time adds the admins' additions), and outstanding now across every account. A credit-paid
   * order is revenue once: the cancelled order it replaced is not completed revenue.
   */
  credit: { issued: string; outstanding: string };
  /** Every cycle, the active one first, then newest first (the period selector). */
  cycles: RevenueCycleOption[];
};
