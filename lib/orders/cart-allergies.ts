import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { MenuValidationDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { validateMenuItems } from "@/lib/menu/validate-items";
import { assertAllergySafe, orderableMenu } from "@/lib/orders/check-cart";
import { closedCartLines } from "@/lib/orders/closed-cart-lines";
import { guardedBy } from "@/lib/students/guardianship";
import type { CartAllergyLine } from "@/lib/validations/orders";

// The cart validation's share of the allergy rule (issue 18): the same test as the order and the
// payment, on the caller's own children only (a line for anyone else's is not judged here; the
// order refuses it).

export async function checkCartAllergies(
  schoolId: number,
  actor: SessionUser,
  lines: readonly CartAllergyLine[],
): Promise<void> {
  if (lines.length === 0 || (actor.role !== "parent" && actor.role !== "teacher")) return;
  const db = await schoolDb(schoolId);
  const [menu, students] = await Promise.all([
    orderableMenu(schoolId),
    db.student.findMany({
      where: {
        schoolId,
        id: { in: [...new Set(lines.map((l) => l.studentId))] },
        archivedAt: null,
        ...guardedBy(actor.id),
      },
      select: { id: true, name: true, allergies: true },
    }),
  ]);
  const studentById = new Map(students.map((s) => [s.id, s]));
  for (const line of lines) {
    const item = menu.get(line.menuItemId);
    const student = studentById.get(line.studentId);
    if (item && student) assertAllergySafe(item, student, line.allergyAcknowledged);
  }
}

/**
 * POST /api/menu-items/validate: the allergy rule on the cart's lines, then each item's state and
 * (issue 44 §8) every line, sent with its day, whose day takes no orders.
 */
export async function validateCart(
  school: SchoolContext,
  actor: SessionUser,
  menuItemIds: number[],
  lines: readonly CartAllergyLine[],
): Promise<MenuValidationDto> {
  await checkCartAllergies(school.id, actor, lines);
  const [items, closedLines] = await Promise.all([
    validateMenuItems(school, menuItemIds),
    closedCartLines(school, lines),
  ]);
  return closedLines ? { ...items, closedLines } : items;
}
