import "server-only";
import { randomInt } from "node:crypto";
import { forbidden, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { CARD_CODE_ALPHABET, CARD_CODE_LENGTH, type CardCodeAnswer } from "@/lib/contracts/cards";
import { hasFeature, type PermissionSubject } from "@/lib/contracts/permissions";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { STUDENT_NOT_FOUND } from "@/lib/students/students";

// The children's counter cards (issue 47): each card carries a random code, never the database
// id, so a card cannot be guessed from another. Every child has one from the day it is added (the
// column's default, the database's new_card_code(), migration card_code_default), so printing
// only reads; reissuing replaces it here and the old card stops working (unique per school).

/** A new code drawn from the OS's secure random source. */
export function newCardCode(): string {
  let code = "";
  for (let i = 0; i < CARD_CODE_LENGTH; i++) code += CARD_CODE_ALPHABET[randomInt(30)];
  return code;
}

/** The kitchen prints and reissues cards; the counter's staff may too. */
export function assertCardStaff(user: PermissionSubject): void {
  if (!hasFeature(user, "kitchen") && !hasFeature(user, "counter")) throw forbidden();
}

/** Two codes of one school alike is a chance of about 1 in 10^17: one retry is plenty, three safe. */
const CODE_ATTEMPTS = 3;

/** POST /api/students/{id}/card: a new code for a (not archived) child of the school. */
export async function reissueCard(
  school: SchoolContext,
  user: SessionUser,
  studentId: number,
): Promise<CardCodeAnswer> {
  assertCardStaff(user);
  const db = await schoolDb(school.id);
  for (let attempt = 1; ; attempt++) {
    const cardCode = newCardCode();
    try {
      const changed = await db.$transaction(async (tx) => {
        const { count } = await tx.student.updateMany({
          where: { schoolId: school.id, id: studentId, archivedAt: null },
          data: { cardCode },
        });
        if (count === 1) {
          // The code itself stays out of the trail: it is the card's secret.
          await audit(school, tx, user, {
            action: "student.card-reissue",
            entity: "Student",
            entityId: studentId,
          });
        }
        return count;
      });
      if (changed === 0) throw notFound(STUDENT_NOT_FOUND);
      return { cardCode };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}
