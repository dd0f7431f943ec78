// The canteen counter (issue 47): finding a child at the till, selling from the family wallet,
// voiding a sale, and the parent's view of what was bought. Pure: the server's answers and the
// till's screen read the same types and texts. Amounts are 2-decimal kwacha strings.

/** The school's daily counter limit per child until the school saves its own: K50. */
export const DEFAULT_COUNTER_DAILY_LIMIT_NGWEE = 50_00;

/** GET and POST /api/settings/counter: the school's daily limit per child. */
export type CounterSettingsDto = { dailyLimit: string };

/** The pre-ordered meal a child collects today, if any. */
export type TodaysOrderDto = {
  orderId: number;
  menuItemName: string;
  category: string | null;
  sideDish: string | null;
  /** Whether it was handed out already (POST /api/counter/collect). */
  collected: boolean;
};

/** One child of GET /api/counter/students. */
export type CounterStudentDto = {
  id: number;
  name: string;
  grade: string;
  className: string | null;
  allergies: string[];
  dietaryNotes: string | null;
  /** What the child may still spend today: the wallet, capped by what is left of today's limit. */
  available: string;
  /** The parent blocked the counter for this child (`available` is then "0.00"). */
  blocked: boolean;
  todaysOrder: TodaysOrderDto | null;
};

/** One item of GET /api/counter/items: what the till can sell today. */
export type CounterItemDto = {
  id: number;
  name: string;
  price: string;
  allergens: string[];
  /** Portions left today of a daily cap; null: no cap. */
  left: number | null;
};

/** The most children a name search answers. */
export const COUNTER_SEARCH_LIMIT = 20;

/** POST /api/counter/sales → 201 (the same answer for the same idempotency key). */
export type CounterSaleAnswer = { saleId: number; total: string; available: string };

/** POST /api/counter/sales/{id}/void. */
export type CounterVoidAnswer = { saleId: number; total: string; voidedAt: string };

/** PUT /api/students/{id}/counter. */
export type StudentCounterDto = {
  id: number;
  /** The child's own limit, or null: the school's default applies. */
  dailyLimit: string | null;
  blocked: boolean;
};

/** One counter purchase in the parent's Order History (GET /api/counter/purchases). */
export type CounterPurchaseDto = {
  id: number;
  studentId: number;
  studentName: string;
  /** The school's date of the sale (YYYY-MM-DD) and when it was made (ISO). */
  day: string;
  createdAt: string;
  total: string;
  items: { name: string; quantity: number; unitPrice: string }[];
  /** When the sale was voided (the money went back), or null. */
  voidedAt: string | null;
};

// The refusals' texts, shown as they are at the till.
export const COUNTER_STUDENT_NOT_FOUND = "Student not found";
export const COUNTER_SALE_NOT_FOUND = "Sale not found";
export const COUNTER_BLOCKED = (name: string) =>
  `The counter is blocked for ${name} by their parent. Nothing was charged.`;
export const COUNTER_LIMIT_REACHED = (name: string, left: string) =>
  `${name}'s daily counter limit is reached: ${left} left today. Nothing was charged.`;
export const COUNTER_WALLET_SHORT = (name: string, balance: string) =>
  `${name}'s family wallet has only ${balance}. Nothing was charged.`;
export const COUNTER_SOLD_OUT = (items: string) => `Sold out today: ${items}. Nothing was charged.`;
export const COUNTER_ALLERGY = (name: string, found: string) =>
  `${name} is allergic to ${found}. Confirm with the child before selling.`;
export const COUNTER_ITEM_UNAVAILABLE =
  "An item is not on sale at the counter. Nothing was charged.";
export const COUNTER_KEY_REUSED =
  "This sale key was already used for another child. Start a new sale.";
export const COUNTER_ALREADY_VOIDED = "This sale was already voided.";
export const COUNTER_VOID_DAY_OVER = "A sale can only be voided on the day it was made.";
