import { ADMIN } from "@/lib/api/access";
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { reissueCard } from "@/lib/students/cards";
import { STUDENT_NOT_FOUND } from "@/lib/students/students";

// POST /api/students/{id}/card — a new card code for the child (feature kitchen or counter, checked
// in reissueCard): `{ cardCode }`; the old card stops working.
export const POST = route({ access: ADMIN }, async ({ school, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound(STUDENT_NOT_FOUND);
  return reissueCard(school, user, id);
});
