import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { inviteGuardian, withdrawInvitation } from "@/lib/students/guardian-invitations";
import { guardianInvitationSchema } from "@/lib/validations/guardians";

// POST /api/students/{id}/guardians/invitations — e-mails a one-time link to the child's would-be
// second guardian (issue 49); 409 when the child has two guardians, 429 past the day's limit.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: guardianInvitationSchema, status: 201 },
  async ({ school, user, params, body }) =>
    inviteGuardian(school, user, String(params.id), body.email),
);

// DELETE /api/students/{id}/guardians/invitations — withdraws the child's open invitation.
export const DELETE = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) =>
  withdrawInvitation(school, user, String(params.id)),
);
