import { platformRoute } from "@/lib/platform/platform-route";

// GET /api/platform/me → the signed-in operator; 401 when signed out.
export const GET = platformRoute({ access: "operator" }, async ({ operator }) => operator);
