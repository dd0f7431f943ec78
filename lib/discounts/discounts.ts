import "server-only";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";

/** The caller's active discount code (the best, when an admin gave several), or null. */
export async function findActiveDiscountCode(userId: number): Promise<MyDiscountCodeDto | null> {
  const db = await getDb();
  return db.discountCode.findFirst({
    where: { userId, isActive: true },
    select: { code: true, discountPercentage: true },
    orderBy: [{ discountPercentage: "desc" }, { id: "asc" }],
  });
}
