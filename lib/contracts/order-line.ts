// One order line, the shape every order answer is made of (spec 001 §3 "Cycle order", "Pending
// payment group", "Kitchen order", "Live order"): the parent's orders and the Cycle History,
// Pending Payments, Refund, kitchen, live and recovery answers are this type with fields added or
// left out, never a new copy of it. Pure: the server's shapers and the screens both read it.

export type OrderStudentDto = {
  name: string;
  grade: string;
  allergies: string[];
  dietaryNotes: string | null;
};

/** A placed order as the admin's tables list it. Prices are 2-decimal strings ("45.00"). */
export type OrderLineDto = {
  id: number;
  orderDate: string;
  /** The child, with what the kitchen must know (issue 18): flagged in every order table. */
  student: OrderStudentDto;
  menuItem: { name: string };
  weekNumber: number;
  dayOfWeek: number;
  category: string | null;
  sideDish: string | null;
  comments: string | null;
  /** The menu price. */
  originalPrice: string;
  /** What the parent pays for this line: the discount price, then the discount code. */
  discountedPrice: string;
  discountPercentage: number;
  /**
   * The orderer confirmed that the meal is safe although it contains an allergen the child is
   * allergic to (issue 18); false for every other line.
   */
  allergyAcknowledged: boolean;
};

/** Who eats what, when, with which choices: the part of a line that every answer shows. */
export type MealDto = Pick<
  OrderLineDto,
  "student" | "menuItem" | "weekNumber" | "dayOfWeek" | "category" | "sideDish" | "comments"
>;

/**
 * The day, the choices and the prices of a line, without names: what a priced cart line, a
 * payment's snapshot line and a new order row share with the answers.
 */
export type LineTermsDto = Omit<OrderLineDto, "id" | "orderDate" | "student" | "menuItem">;
