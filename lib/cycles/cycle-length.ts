import "server-only";
import { z } from "zod";
import type { CycleLengthDto } from "@/lib/contracts/cycles";
import { CYCLE_LENGTH_SETTING } from "@/lib/cycles/manage-cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";

// The cycle length setting (spec 001 §3, §7): 4 when absent or damaged.

export const DEFAULT_CYCLE_LENGTH = 4;

const cycleLengthSchema = z.object({ cycleLength: z.union([z.literal(4), z.literal(6)]) });

export async function getCycleLengthSetting(
  school: Pick<SchoolContext, "id">,
): Promise<CycleLengthDto> {
  const db = await schoolDb(school.id);
  const row = await db.setting.findUnique({
    where: { schoolId_key: { schoolId: school.id, key: CYCLE_LENGTH_SETTING } },
    select: { value: true },
  });
  const parsed = cycleLengthSchema.safeParse(row?.value);
  return { cycleLength: parsed.success ? parsed.data.cycleLength : DEFAULT_CYCLE_LENGTH };
}
