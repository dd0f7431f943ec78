import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { acceptInvitation, previewInvitation } from "@/lib/students/guardian-invitations";

// GET /api/guardian-invitations/{token} — what an invitation link is about (the child's first name,
// who invites, the school, its state), for anyone holding the link (issue 49); 404 when unknown.
export const GET = route({ access: "public" }, async ({ school, params }) =>
  previewInvitation(school, String(params.token)),
);

// POST /api/guardian-invitations/{token} — accepts: the signed-in account (of the invited address)
// becomes the child's second guardian; used, expired or withdrawn links are 409.
export const POST = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) =>
  acceptInvitation(school, user, String(params.token)),
);
