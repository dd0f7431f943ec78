import "server-only";
import type { z } from "zod";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { DiscountCodeDto } from "@/lib/contracts/settings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import type { discountCodeSchema } from "@/lib/validations/discount-codes";

export type { DiscountCodeDto } from "@/lib/contracts/settings";

// Discount codes (spec 001 §2 Settings, §3, §7). A code belongs to one parent or teacher; codes are
// unique regardless of case, and a user holds at most one active code: a second active one is
// refused (409) until the first is switched off or deleted, so the price a parent pays is never a
// guess between two codes. Every change writes its audit row in the same transaction. Codes,
// their holders and their uniqueness are the school's own (issue 45).

type SchoolRef = Pick<SchoolContext, "id">;

export const CODE_TAKEN = "Discount code already exists";
export const USER_HAS_ACTIVE_CODE =
  "This user already has an active discount code. Deactivate or delete it first.";
export const CODE_NOT_FOUND = "Discount code not found";

const codeSelect = {
  id: true,
  code: true,
  userId: true,
  discountPercentage: true,
  isActive: true,
  user: { select: { username: true } },
} as const;

/** Every code, newest first. */
export async function listDiscountCodes(school: SchoolRef): Promise<DiscountCodeDto[]> {
  const db = await schoolDb(school.id);
  return db.discountCode.findMany({
    where: { schoolId: school.id },
    select: codeSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/**
 * Locks the owner's row so that two admins activating codes for the same user at once are
 * serialised, then refuses a second active code.
 */
async function assertNoOtherActiveCode(
  tx: Tx,
  schoolId: number,
  userId: number,
  exceptId?: number,
) {
  await tx.$queryRaw`
    SELECT "id" FROM "User" WHERE "schoolId" = ${schoolId} AND "id" = ${userId} FOR UPDATE`;
  const other = await tx.discountCode.findFirst({
    where: {
      schoolId,
      userId,
      isActive: true,
      ...(exceptId === undefined ? {} : { id: { not: exceptId } }),
    },
    select: { id: true },
  });
  if (other) throw conflict(USER_HAS_ACTIVE_CODE);
}

/** An admin gives a parent or teacher a discount code. */
export async function createDiscountCode(
  school: SchoolRef,
  actor: SessionUser,
  input: z.output<typeof discountCodeSchema>,
): Promise<DiscountCodeDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const owner = await db.user.findUnique({
    where: { ...idKey(schoolId, input.userId), deletedAt: null },
    select: { role: true },
  });
  if (!owner || owner.role === "admin") throw notFound("User not found");
  const taken = await db.discountCode.findFirst({
    where: { schoolId, code: { equals: input.code, mode: "insensitive" } },
    select: { id: true },
  });
  if (taken) throw conflict(CODE_TAKEN);
  try {
    return await db.$transaction(async (tx) => {
      if (input.isActive) await assertNoOtherActiveCode(tx, schoolId, input.userId);
      const row = await tx.discountCode.create({
        data: { ...input, schoolId },
        select: codeSelect,
      });
      await audit(schoolId, tx, actor, {
        action: "discount-code.create",
        entity: "DiscountCode",
        entityId: row.id,
        after: {
          code: row.code,
          userId: row.userId,
          discountPercentage: row.discountPercentage,
          isActive: row.isActive,
        },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN);
    throw error;
  }
}

/** PUT /api/discount-codes/{id}: switches a code on or off. */
export async function updateDiscountCode(
  school: SchoolRef,
  actor: SessionUser,
  id: number,
  input: { isActive: boolean },
): Promise<DiscountCodeDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const current = await tx.discountCode.findUnique({
      where: idKey(schoolId, id),
      select: codeSelect,
    });
    if (!current) throw notFound(CODE_NOT_FOUND);
    if (input.isActive && !current.isActive) {
      await assertNoOtherActiveCode(tx, schoolId, current.userId, id);
    }
    const row = await tx.discountCode.update({
      where: idKey(schoolId, id),
      data: { isActive: input.isActive },
      select: codeSelect,
    });
    await audit(schoolId, tx, actor, {
      action: "discount-code.update",
      entity: "DiscountCode",
      entityId: id,
      before: { isActive: current.isActive },
      after: { isActive: row.isActive },
      details: { code: row.code, userId: row.userId },
    });
    return row;
  });
}

/**
 * DELETE /api/discounts/{id}. Orders already placed keep the price and percentage they were sold
 * at (orders copy them; nothing refers to the code).
 */
export async function deleteDiscountCode(
  school: SchoolRef,
  actor: SessionUser,
  id: number,
): Promise<{ id: number }> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const current = await tx.discountCode.findUnique({
      where: idKey(schoolId, id),
      select: codeSelect,
    });
    if (!current) throw notFound(CODE_NOT_FOUND);
    const { count } = await tx.discountCode.deleteMany({ where: { schoolId, id } });
    if (count === 0) throw notFound(CODE_NOT_FOUND);
    await audit(schoolId, tx, actor, {
      action: "discount-code.delete",
      entity: "DiscountCode",
      entityId: id,
      before: {
        code: current.code,
        userId: current.userId,
        discountPercentage: current.discountPercentage,
        isActive: current.isActive,
      },
    });
    return { id };
  });
}
