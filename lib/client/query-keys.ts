// One TanStack Query key per endpoint (spec 000 §9), shared by every screen that reads or
// invalidates it: the parent dashboard, the teacher portal, the payment return pages and the admin
// console.
export const queryKeys = {
  menu: ["/api/menu"],
  orderCycles: ["/api/order-cycles"],
  /** Whether a new cycle from `startDate` for `cycleLength` weeks would hide live orders. */
  cycleOverlap: (startDate: string, cycleLength: number) => [
    "/api/order-cycles/overlap",
    startDate,
    cycleLength,
  ],
  cutoffTime: ["/api/settings/cutoff-time"],
  /** The built-in allergens and the school's own (issue 44). */
  allergens: ["/api/settings/allergens"],
  cycleLength: ["/api/settings/cycle-length"],
  paymentBypass: ["/api/settings/payment-bypass"],
  /** Whether the Cart offers paying later by transfer (issue 44). */
  bankTransfer: ["/api/settings/bank-transfer"],
  mobileMoney: ["/api/settings/mobile-money"],
  /** The school's limits per wallet top-up (issue 47). */
  walletSettings: ["/api/settings/wallet"],
  /** The parent's own wallet settings: the low-balance alert (issue 47). */
  wallet: ["/api/account/wallet"],
  /** The parent's phone and channels per kind of message (issue 48). */
  notifications: ["/api/account/notifications"],
  /** The school's SMS sender ID and offered channels (issue 48). */
  messagingSettings: ["/api/settings/messaging"],
  communication: ["/api/settings/communication"],
  reminders: ["/api/settings/reminders"],
  myDiscountCode: ["/api/discounts/my-discount-code"],
  students: ["/api/students"],
  orders: ["/api/orders?includeAll=true"],
  /** The family's counter purchases in Order History (issue 47). */
  counterPurchases: ["/api/counter/purchases"],
  /** The school's daily counter limit per child (issue 47). */
  counterSettings: ["/api/settings/counter"],
  /** The signed-in parent's or teacher's account credit (issue 17). */
  accountCredit: ["/api/account/credit"],
  /** An account's credit in Parents & Students. */
  parentCredit: (userId: number) => ["/api/parents/credit", userId],
  /** Every cart validation (to invalidate them all). */
  menuValidationAll: ["/api/menu-items/validate"],
  /** The cart's validation, keyed by the sorted menu item ids it asked about. */
  menuValidation: (menuItemIds: readonly number[]) => ["/api/menu-items/validate", menuItemIds],
  /** Admin Menu Management's list (archived items too), apart from the portal's menu. */
  adminMenuItems: ["admin-menu-items"],
  /** Which of the listed items have orders, keyed by their sorted ids. */
  adminMenuHasOrders: (menuItemIds: readonly number[]) => [
    "admin-menu-items",
    "has-orders",
    menuItemIds,
  ],
  /** The item on /menu/edit/{id}, and whether it has orders. */
  menuItem: (id: number | string) => ["menu-item", String(id)],
  menuItemHasOrders: (id: number | string) => ["menu-item-has-orders", String(id)],
  // The admin console's lists: the key of all their pages (to invalidate), then one page's key.
  cycleOrdersAll: ["/api/cycle-orders"],
  cycleOrders: (path: string) => ["/api/cycle-orders", path],
  kitchen: (path: string) => ["kitchen", path],
  liveOrdersAll: ["/api/payments/live-orders"],
  liveOrders: (path: string) => ["/api/payments/live-orders", path],
  failedOrdersAll: ["/api/payments/failed-orders"],
  failedOrders: (path: string) => ["/api/payments/failed-orders", path],
  pendingPaymentsAll: ["/api/payments/pending"],
  pendingPayments: (page: number) => ["/api/payments/pending", page],
  refundsAll: ["/api/refunds"],
  /** Refund Management's withdrawal requests (issue 47): all pages, then one filtered page. */
  withdrawalsAll: ["/api/refunds/withdrawals"],
  withdrawals: (status: string, page: number) => ["/api/refunds/withdrawals", status, page],
  /** The signed-in family's own withdrawal requests (issue 47). */
  ownWithdrawals: ["/api/account/withdrawals"],
  refunds: (page: number) => ["/api/refunds", page],
  contactMessagesAll: ["/api/contact/messages"],
  contactMessages: (page: number) => ["/api/contact/messages", page],
  /** Issue 48: the messages the portal sent, by channel, state and page. */
  sentMessagesAll: ["/api/outbox"],
  sentMessages: (channel: string, state: string, page: number) => [
    "/api/outbox",
    channel,
    state,
    page,
  ],
  /** Issue 48: the office's announcements, one's failures, and whom an audience reaches. */
  announcementsAll: ["/api/announcements"],
  announcements: (page: number) => ["/api/announcements", "list", page],
  announcement: (id: number, page: number) => ["/api/announcements", "one", id, page],
  announcementPreview: (query: string) => ["/api/announcements", "preview", query],
  revenueStats: (period: string) => ["/api/revenue/stats", period],
  /** Issue 49: the takings of a period, and the payments behind one of its figures. */
  takings: (query: string) => ["/api/revenue/takings", query],
  takingsPayments: (query: string) => ["/api/revenue/takings/payments", query],
} as const;

/** Spec 000 §9: orders are stale after 30 s, the cut-off time after 5 minutes. */
export const ORDERS_STALE_MS = 30_000;
export const ORDERS_GC_MS = 5 * 60_000;
export const CUTOFF_STALE_MS = 5 * 60_000;
/** Spec 000 §4: the cart is re-validated every 120000 ms. */
export const CART_REVALIDATE_MS = 120_000;
