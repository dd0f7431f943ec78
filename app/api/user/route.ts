import { route } from "@/lib/api/handler";

// GET /api/user — the signed-in user (401 when signed out).
export const GET = route({ access: "user" }, async ({ user }) => user);
