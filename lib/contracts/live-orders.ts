// The answers of the Live Orders and Order Recovery calls (spec 001 §3), shared by the server and
// the console, made of the one order line. Types only: no server code.
import type { PaymentMethodInfo } from "@/lib/contracts/mobile-money";
import type { MealDto, OrderLineDto } from "@/lib/contracts/order-line";

/** One cart line of a payment attempt, as it was paid (spec 001 §3 "Live order"). */
export type LiveOrderLine = Omit<MealDto, "comments"> &
  Pick<OrderLineDto, "originalPrice" | "discountedPrice"> & {
    menuItemId: number;
    studentId: number;
  };

export type LiveOrder = {
  id: number;
  createdAt: string;
  username: string;
  transactionId: string | null;
  /** Our own reference (CompanyRef): shown when the provider gave no transaction id. */
  transactionRef: string;
  status: string;
  isRecovered: boolean;
  /** What the parent pays, a 2-decimal string. */
  amount: string;
  /** The sum of the lines' menu prices. */
  originalAmount: string;
  /** Card, or mobile money with its operator and masked number (issue 16). */
  payment: PaymentMethodInfo;
  cartItems: LiveOrderLine[];
};

export type LiveOrdersPagination = {
  totalOrders: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};

export type LiveOrdersPage = {
  data: LiveOrder[];
  pagination: LiveOrdersPagination;
  availableStatuses: string[];
};

/** Retry, Submit Order and status changes. */
export type AttemptActionAnswer = { success: boolean; status: string; message: string };

/** Check Payment and Verify (POST /api/payments/check-status/{transactionId}). */
export type CheckStatusAnswer = {
  success: boolean;
  status: "PAID" | "FAILED" | "PENDING";
  message: string;
};

/** One cart line of an attempt that needs recovery: the meal, its ids and the price paid. */
export type FailedOrderItem = MealDto & {
  menuItemId: number;
  studentId: number;
  price: string | null;
};

export type FailedOrder = {
  id: number;
  orderDate: string;
  student: { name: string; grade: string };
  amount: string;
  status: string;
  error: string | null;
  paymentRef: string;
  /** Card, or mobile money with its operator and masked number (issue 16). */
  payment: PaymentMethodInfo;
  cartItems: FailedOrderItem[];
};

export type FailedOrdersAnswer = { data: FailedOrder[] };
