import { route } from "@/lib/api/handler";
import { endCurrentSession } from "@/lib/auth/session";

// POST /api/logout — ends this browser's session (its row is deleted, the cookie cleared).
export const POST = route({ access: "public" }, async ({ school }) => {
  await endCurrentSession(school.id);
  return { ok: true, message: "Logged out successfully" };
});
