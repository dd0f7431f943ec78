// The answers of Pending Payments and Refund Management (spec 001 §3, §7, §9), shared by the route
// handlers and the console screens. Money travels as 2-decimal strings.

/** Spec 001 §9: pending payment groups per page. */
export const PENDING_PAYMENT_GROUPS_PAGE_SIZE = 50;
/** Refund Management's page size (the spec leaves it open). */
export const REFUNDS_PAGE_SIZE = 20;
/** Most orders one Verify Selected Payments may send. */
export const MAX_VERIFY_ORDERS = 500;

/** One order awaiting payment (spec 001 §3 "Pending payment group"). */
export type PendingPaymentOrderDto = {
  id: number;
  orderDate: string;
  student: { name: string; grade: string };
  menuItem: { name: string };
  weekNumber: number;
  dayOfWeek: number;
  category: string | null;
  sideDish: string | null;
  comments: string | null;
  originalPrice: string;
  discountedPrice: string;
  discountPercentage: number;
};

export type PendingPaymentGroupDto = {
  parentId: number;
  parentUsername: string;
  /** The sum of the group's discounted prices, 2 decimals. */
  totalAmount: string;
  orders: PendingPaymentOrderDto[];
};

export type PendingPaymentsPagination = {
  totalGroups: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  page: number;
  pageSize: number;
};

export type PendingPaymentsPageDto = {
  data: PendingPaymentGroupDto[];
  pagination: PendingPaymentsPagination;
};

export type VerifyPaymentsResultDto = { updated: number };

export type RefundStatus = "cancelled" | "refunded";

/** One row of Refund Management: a paid order that was cancelled (or already refunded). */
export type RefundDto = {
  id: number;
  orderDate: string;
  student: { name: string; grade: string };
  menuItem: { name: string };
  /** The paid amount (discountedPrice), 2 decimals. */
  amount: string;
  status: RefundStatus;
};

export type RefundsPageDto = {
  data: RefundDto[];
  metadata: {
    total: number;
    page: number;
    pageSize: number;
    totalPages: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
};
