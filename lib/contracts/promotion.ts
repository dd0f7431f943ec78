import type { Grade } from "@/lib/contracts";

// The end of the school year (issue 49): every child moves up a grade in one action, leavers (the
// last grade) are archived, teachers' staff records are untouched. Decision 0118.

/** One grade's children and where they go; `to` null: they leave the school (archived). */
export type PromotionStepDto = { from: Grade; to: Grade | null; count: number };

export type PromotionLeaverDto = {
  id: number;
  name: string;
  className: string | null;
  parentName: string;
  /** Live meals still to be served (today or later): the promotion waits until they are settled. */
  upcomingMeals: number;
};

/** GET /api/parents/students/promotion: what moving up would do, before it is done. */
export type PromotionPreviewDto = {
  /** The school year the promotion starts: next year from October, else this year. */
  year: number;
  /** The last school year the children moved up for, and when; null before the first time. */
  lastYear: number | null;
  lastPromotedAt: string | null;
  steps: PromotionStepDto[];
  leavers: PromotionLeaverDto[];
  /** Children who would move up, leavers left out. */
  moving: number;
  /** Why it cannot be done now, or null. */
  refusal: string | null;
};

/** POST /api/parents/students/promotion. */
export type PromotionDoneDto = {
  year: number;
  moved: number;
  archived: number;
  message: string;
};

export const promotionDoneMessage = (moved: number, archived: number) =>
  `${moved} ${moved === 1 ? "child" : "children"} moved up a grade; ` +
  `${archived} ${archived === 1 ? "leaver" : "leavers"} archived.`;

export const promotionAlreadyDone = (year: number) =>
  `The children already moved up a grade for ${year}.`;

export const PROMOTION_WRONG_YEAR =
  "Move the children up for this school year or the next one only.";

export const promotionLeaversHaveMeals = (count: number) =>
  `${count} ${count === 1 ? "meal is" : "meals are"} still to be served to leavers. ` +
  "Settle them (serve, cancel or refund) before moving the children up.";

export const promotionTermRunning = (count: number) =>
  `${count} ${count === 1 ? "meal" : "meals"} of this school year ${count === 1 ? "is" : "are"} ` +
  "still to be served: move the children up after the last school day.";

export const NOTHING_TO_PROMOTE = "There are no children to move up.";
