import { route } from "@/lib/api/handler";
import { findCounterStudents } from "@/lib/counter/find-students";
import { counterSearchSchema } from "@/lib/validations/counter";

// GET /api/counter/students?code=… or ?q=… — the counter finds a child by card code (exactly) or
// part of a name (issue 47): what they may still spend today, allergies, today's pre-order.
export const GET = route(
  { access: { feature: "counter" }, query: counterSearchSchema },
  async ({ school, query }) => findCounterStudents(school, query),
);
