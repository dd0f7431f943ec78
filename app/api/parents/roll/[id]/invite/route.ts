import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { reinviteRollChild } from "@/lib/roll/reinvite";

// POST /api/parents/roll/{id}/invite — sends the waiting guardians of one roll child new links,
// replacing their open ones; 409 when nobody waits, 429 within ten minutes of the last link.
export const POST = route(
  { access: { feature: "parents_students" } },
  async ({ school, user, params }) => reinviteRollChild(school, user, parseId(params.id)),
);
