import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { getStudentGuardians, removeSecondGuardian } from "@/lib/students/guardian-list";

// GET /api/students/{id}/guardians — the child's guardians, the open invitation and who changed
// the child's allergies, notes and consent (issue 49); someone else's child is 404.
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) =>
  getStudentGuardians(school, user, String(params.id)),
);

// DELETE /api/students/{id}/guardians — the first guardian removes the second; the second leaves.
export const DELETE = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) =>
  removeSecondGuardian(school, user, String(params.id)),
);
