import "server-only";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";

/** The caller's active discount code (the best, when an admin gave several), or null. */
export async function findActiveDiscountCode(
  school: Pick<SchoolContext, "id">,
  userId: number,
): Promise<MyDiscountCodeDto | null> {
  const db = await schoolDb(school.id);
  return db.discountCode.findFirst({
    where: { schoolId: school.id, userId, isActive: true },
    select: { code: true, discountPercentage: true },
    orderBy: [{ discountPercentage: "desc" }, { id: "asc" }],
  });
}
