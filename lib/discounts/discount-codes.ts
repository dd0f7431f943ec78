import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import type { z } from "zod";
import type { discountCodeSchema } from "@/lib/validations/discount-codes";

export type DiscountCodeDto = {
  id: number;
  code: string;
  userId: number;
  user: { username: string };
  discountPercentage: number;
  isActive: boolean;
};

/** An admin gives a parent or teacher a discount code (codes are unique regardless of case). */
export async function createDiscountCode(
  actor: SessionUser,
  input: z.output<typeof discountCodeSchema>,
): Promise<DiscountCodeDto> {
  const db = await getDb();
  const owner = await db.user.findUnique({ where: { id: input.userId }, select: { role: true } });
  if (!owner || owner.role === "admin") throw notFound("User not found");
  const taken = await db.discountCode.findFirst({
    where: { code: { equals: input.code, mode: "insensitive" } },
    select: { id: true },
  });
  if (taken) throw conflict("Discount code already exists");
  try {
    const created = await db.$transaction(async (tx) => {
      const row = await tx.discountCode.create({
        data: input,
        select: {
          id: true,
          code: true,
          userId: true,
          discountPercentage: true,
          isActive: true,
          user: { select: { username: true } },
        },
      });
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          action: "discount-code.create",
          entity: "DiscountCode",
          entityId: String(row.id),
          details: {
            code: row.code,
            userId: row.userId,
            discountPercentage: row.discountPercentage,
          },
        },
      });
      return row;
    });
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Discount code already exists");
    throw error;
  }
}
