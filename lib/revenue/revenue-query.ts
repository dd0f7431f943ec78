import { z } from "zod";
import { optionalCycleIdSchema } from "@/lib/validations/cycle-id";

// GET /api/revenue/stats?cycleId= — absent (or empty) means all time.
export const revenueStatsQuerySchema = z.object({
  cycleId: optionalCycleIdSchema,
});
