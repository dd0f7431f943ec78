import { ADMIN } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { pdfResponse } from "@/lib/kitchen/service-day-pdfs";
import { studentCards } from "@/lib/kitchen/student-cards";
import { studentCardsQuerySchema } from "@/lib/validations/cards";

// GET /api/kitchen/student-cards(?grade=) — A4 sheets of 2 × 5 counter cards, one a child (feature
// kitchen or counter, checked in studentCards).
export const GET = route(
  { access: ADMIN, query: studentCardsQuerySchema },
  async ({ school, user, query }) => pdfResponse(await studentCards(school, user, query)),
);
