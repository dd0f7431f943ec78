// The answers of Cycle History, Pending Payments and Refund Management (spec 001 §3, §7, §9), shared
// by the route handlers and the console screens, each made of the one order line. Money travels as
// 2-decimal strings.
import type { PageMetadata } from "@/lib/contracts/paging";
import type { OrderStatus } from "@/lib/contracts";
import type { OrderLineDto } from "@/lib/contracts/order-line";
import type { RefundCardInfo } from "@/lib/contracts/card-refunds";
import type { RefundRecordDto } from "@/lib/contracts/refunds";

/** Spec 001 §9: pending payment groups per page. */
export const PENDING_PAYMENT_GROUPS_PAGE_SIZE = 50;
/** Refund Management's page size (the spec leaves it open). */
export const REFUNDS_PAGE_SIZE = 20;
/** Most orders one Verify Selected Payments may send. */
export const MAX_VERIFY_ORDERS = 500;

/** One order awaiting payment (spec 001 §3 "Pending payment group"): the order line itself. */
/** `amountDue`: the price less the account credit the order took at checkout (issue 44). */
export type PendingPaymentOrderDto = OrderLineDto & { amountDue: string };

export type PendingPaymentGroupDto = {
  parentId: number;
  parentUsername: string;
  /** What the group still owes: its orders' prices less the credit they took, 2 decimals. */
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
export type RefundDto = Pick<
  OrderLineDto,
  "id" | "orderDate" | "student" | "menuItem" | "weekNumber" | "dayOfWeek"
> & {
  /** The meal's own school day (ISO date), so two like orders can be told apart (issue 44). */
  mealDate: string;
  /**
   * What the office refunds, 2 decimals: the paid amount less the part paid from account credit,
   * which came back at the cancel (issue 44); once refunded, the paid amount.
   */
  amount: string;
  status: RefundStatus;
  /** Issue 49: paid by card through DPO: what is left to refund to the card; else null. */
  card: RefundCardInfo | null;
  /** How and by whom the money went back; null while to be refunded or refunded without one. */
  refund: RefundRecordDto | null;
};

export type RefundsPageDto = { data: RefundDto[]; metadata: PageMetadata };

/** One row of Cycle History (spec 001 §3 "Cycle order"). Each order is one meal: no cart lines. */
export type CycleOrderDto = OrderLineDto & {
  status: OrderStatus;
  cycle: { startDate: string };
  cartItems: [];
  /** The account that placed the order, parent or teacher (issue 44: the export names it). */
  orderedBy: { name: string; username: string };
  /** The card or mobile-money payment's reference (PaymentAttempt.transactionRef), if any. */
  paymentReference: string | null;
};

/**
 * GET /api/cycle-orders: one page of a cycle's orders, filtered. `timeZone` is the school's (IANA
 * name): the export writes the order times on its clock, whatever the browser's zone (issue 44).
 */
export type CycleOrdersPage = { data: CycleOrderDto[]; metadata: PageMetadata; timeZone: string };

/** POST /api/orders/status (Cycle History and the kitchen): how many orders really changed. */
export type OrderStatusUpdateResultDto = { updated: number };
