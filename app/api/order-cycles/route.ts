import { route } from "@/lib/api/handler";
import { listCycles } from "@/lib/cycles/cycles";

// GET /api/order-cycles — every cycle, the active one first, then newest first.
export const GET = route({ access: "user" }, async () => listCycles());
