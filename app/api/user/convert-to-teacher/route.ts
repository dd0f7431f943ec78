import { route } from "@/lib/api/handler";
import { clearSessionCookie } from "@/lib/auth/session";
import { convertToTeacher } from "@/lib/users/profile";

// POST /api/user/convert-to-teacher — one way; ends every session, the user signs in again.
export const POST = route({ access: "user" }, async ({ school, user }) => {
  await convertToTeacher(school, user);
  await clearSessionCookie();
  return {
    ok: true,
    message: "Your account has been converted to a teacher account. Please log in again.",
  };
});
