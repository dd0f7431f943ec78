import { route } from "@/lib/api/handler";
import { previewPromotion, promoteGrades } from "@/lib/students/promotion";
import { promotionSchema } from "@/lib/validations/promotion";

const STUDENT_ADMIN = { feature: "parents_students" } as const;

// GET /api/parents/students/promotion — what moving every child up a grade would do (issue 49).
export const GET = route({ access: STUDENT_ADMIN }, async ({ school }) => previewPromotion(school));

// POST /api/parents/students/promotion { year } — moves every child up; leavers archived.
export const POST = route(
  { access: STUDENT_ADMIN, body: promotionSchema },
  async ({ school, user, body }) => promoteGrades(school, user, body),
);
