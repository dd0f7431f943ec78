import { ADMIN } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { listUncollected } from "@/lib/kitchen/collect";
import { uncollectedQuerySchema } from "@/lib/validations/cards";

// GET /api/kitchen/uncollected(?date=YYYY-MM-DD) — the day's pre-ordered meals not handed out
// (default the school's today: what is still to hand out); feature kitchen or counter.
export const GET = route(
  { access: ADMIN, query: uncollectedQuerySchema },
  async ({ school, user, query }) => listUncollected(school, user, query),
);
