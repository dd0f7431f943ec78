import { route } from "@/lib/api/handler";

// GET /api/health — the process is up (for load balancers' liveness checks).
export const GET = route({ access: "public" }, async () => ({ status: "ok" }));
