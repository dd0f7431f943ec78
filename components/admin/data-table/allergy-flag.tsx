import { AlertTriangle } from "lucide-react";
import type { OrderStudentDto } from "@/lib/contracts/order-line";
import { allergenList } from "@/lib/contracts/allergies";

export type CareFlags = Pick<OrderStudentDto, "allergies" | "dietaryNotes">;

/** Whether the kitchen must look twice at this child's meal (issue 18). */
export const needsCare = (student: CareFlags | null | undefined, acknowledged = false) =>
  acknowledged || (student?.allergies.length ?? 0) > 0 || Boolean(student?.dietaryNotes);

/**
 * The flag of an order whose child has allergies or dietary notes, in every admin order table:
 * the allergens, the notes, and whether the orderer acknowledged an allergen in this meal.
 */
export function AllergyFlag({
  student,
  acknowledged = false,
}: {
  student: CareFlags | null | undefined;
  acknowledged?: boolean;
}) {
  if (!student || !needsCare(student, acknowledged)) return null;
  return (
    <div className="mt-1 grid gap-0.5 text-xs font-medium text-destructive">
      {student.allergies.length > 0 && (
        <span className="flex items-start gap-1">
          <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
          Allergies: {allergenList(student.allergies)}
        </span>
      )}
      {student.dietaryNotes && (
        <span className="break-words text-foreground">Diet: {student.dietaryNotes}</span>
      )}
      {acknowledged && <span>Allergen acknowledged by the orderer</span>}
    </div>
  );
}
