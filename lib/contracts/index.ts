// The shapes of the /api answers the parent and teacher screens read (spec 000 §3, §7). Shared by
// the domain functions that produce them and the client components that consume them. Money
// travels as 2-decimal strings ("45.00"), calendar dates as "YYYY-MM-DD" in the school's zone.
import type { OrderLineDto } from "@/lib/contracts/order-line";
import type { GuardianDto, OtherGuardianDayDto } from "@/lib/contracts/guardians";

export type { LineTermsDto, MealDto, OrderLineDto } from "@/lib/contracts/order-line";

import type { PaymentMethodInfo } from "@/lib/contracts/mobile-money";
import type { OrderRefundInfo } from "@/lib/contracts/refunds";

export const GRADES = [
  "ELC",
  "K",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
] as const;
export type Grade = (typeof GRADES)[number];
export const STAFF_GRADE = "teacher";

export type StudentDto = {
  id: number;
  name: string;
  grade: Grade | typeof STAFF_GRADE;
  parentId: number;
  /** The spec's client sends and reads parent_id; both names carry the same value. */
  parent_id: number;
  isStaff: boolean;
  /** GET /api/students (issue 47): the child's own daily counter limit, null for the school's. */
  counterDailyLimit?: string | null;
  /** GET /api/students (issue 47): the parent blocked the counter for this child. */
  counterBlocked?: boolean;
  /** GET /api/students (issue 49): the child's guardians, the first first. */
  guardians?: GuardianDto[];
  /** GET /api/students (issue 49): the caller is the child's first guardian (parentId). */
  isFirstGuardian?: boolean;
  /** GET /api/students (issue 49): days the other guardian has a live order for the child. */
  otherGuardianDays?: OtherGuardianDayDto[];
} & StudentCareDto;

/**
 * What the kitchen must know about a student (issue 18): allergies from the menu's allergen names,
 * free-text dietary notes and the class within the grade. Carried by every answer with a student.
 */
export type StudentCareDto = {
  allergies: string[];
  dietaryNotes: string | null;
  className: string | null;
};

/** DELETE /api/students/{id} and /api/menu/{id}: which row went, and the toast's text. */
export type RemovedDto = { id: number; message: string };

export type MenuItemType = "primary" | "secondary" | "counter";

export type MenuItemDto = {
  id: number;
  name: string;
  description: string | null;
  price: string;
  discountPrice: string | null;
  imageUrl: string | null;
  type: MenuItemType;
  categories: string[];
  proteinDescriptions: Record<string, string>;
  weekNumbers: number[];
  daysOfWeek: number[];
  allergens: string[];
  sideDishes: string[];
  isAvailable: boolean;
  isArchived: boolean;
  /** Issue 47: portions per school day (pre-orders and counter sales), or null for no cap. */
  dailyCap: number | null;
  /**
   * The parents' and teachers' menu only, for a capped item: portions left on each school day
   * (YYYY-MM-DD) of the ordering cycles that has sold any; a day not named has the whole cap left.
   * 0 is "Sold out".
   */
  left?: Record<string, number>;
};

/** A day the school is closed; `reason` when it was closed with "Close a day" (issue 17). */
export type BlockedDay = { weekNumber: number; dayOfWeek: number; reason?: string };

export type OrderCycleDto = {
  id: number;
  startDate: string;
  endDate: string;
  cycleLength: number;
  isActive: boolean;
  blockedDays: BlockedDay[];
  createdAt: string;
  /**
   * When parents may start ordering for it (ISO instant): at its creation or its start date
   * (decision 0071). Parents order for the active cycle open now that starts last.
   */
  orderingOpensAt: string;
};

export type OrderStatus = "pending" | "completed" | "cancelled" | "refunded";
export type PaymentStatus = "pending" | "confirmed" | "failed";

/** The parent's and teacher's own orders: the order line with its ids and its two statuses. */
export type OrderDto = OrderLineDto & {
  cycleId: number;
  studentId: number;
  menuItemId: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Order History: how it was paid (Card, Airtel Money 097****456); null without a payment. */
  payment?: PaymentMethodInfo | null;
  /** Order History: the reference of the payment (the receipt's), null without a payment. */
  paymentReference?: string | null;
  /** Order History: how the money went back, once the order is refunded with a record. */
  refund?: OrderRefundInfo | null;
};

export type CutoffTimeDto = { cutoffHour: number; cutoffMinute: number };
export type PaymentBypassDto = {
  enabled: boolean;
  airtelMoney?: { name: string; number: string };
  mtnMoney?: { name: string; number: string };
  bankTransfer?: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    branchName: string;
    swiftCode: string;
  };
};
export type CommunicationDto = { supportEmail: string; whatsappNumber: string };
export type MyDiscountCodeDto = { code: string; discountPercentage: number };

export type MenuValidationDto = {
  valid: number[];
  unavailable: number[];
  archived: number[];
  missing: number[];
  /**
   * Issue 44 §8, added to the spec's answer: every cart line (sent with its day) whose day takes no
   * orders, with why (the school's reason for a day it closed). Absent from older answers.
   */
  closedLines?: ClosedCartLineDto[];
};

/** A cart line whose day no longer takes orders, and the words the Cart shows on it. */
export type ClosedCartLineDto = {
  studentId: number;
  weekNumber: number;
  dayOfWeek: number;
  message: string;
};

/** One line of the cart, kept in localStorage under `cartItems` (spec 000 §3). */
export type CartItem = {
  menuItemId: number;
  menuItem: Pick<MenuItemDto, "id" | "name" | "type"> & {
    price: string;
    discountPrice: string | null;
  };
  weekNumber: number;
  dayOfWeek: number;
  studentId: number;
  student: { id: number; name: string; grade: string };
  category: string;
  sideDish: string;
  comments: string;
  /**
   * The child's allergens this meal contains, which the orderer acknowledged in the add-to-cart
   * dialog (issue 18); absent or empty for a meal without conflict.
   */
  acknowledgedAllergens?: string[];
  discountedPrice?: string;
  discountPercentage?: number;
};

/** One item of POST /api/orders (and of the payment's cart). Prices are informative only. */
export type OrderRequestItem = {
  menuItemId: number;
  studentId: number;
  weekNumber: number;
  dayOfWeek: number;
  category?: string | null;
  sideDish?: string | null;
  comments?: string | null;
  /** The orderer confirmed the meal is safe despite the child's allergy (issue 18). */
  allergyAcknowledged?: boolean;
  originalPrice?: string | number;
  discountedPrice?: string | number;
  discountPercentage?: number;
  customerName?: string;
  customerEmail?: string;
};

/**
 * Why an e-mail confirmation link failed: the code the link's redirect puts in
 * `/?emailVerified=error&reason=`, and the only texts the toast shows for it. The address carries a
 * code, never text: anyone can send a parent a link with words of their own in it.
 */
export const EMAIL_VERIFICATION_ERRORS = {
  invalid: "The link is invalid or has expired.",
} as const;
export type EmailVerificationError = keyof typeof EMAIL_VERIFICATION_ERRORS;
