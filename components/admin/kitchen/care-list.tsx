import { AllergyFlag, needsCare } from "@/components/admin/data-table/allergy-flag";
import { gradeLabel, weekdayName, capitalize } from "@/lib/client/format";
import type { KitchenOrder } from "@/lib/contracts/kitchen";

/**
 * The Fat Chef View's flag (issue 18): the orders of the shown day or week whose child has
 * allergies or dietary notes, or whose orderer acknowledged an allergen, each with its meal.
 */
export function CareList({
  orders,
  showDay,
}: {
  orders: readonly KitchenOrder[];
  showDay: boolean;
}) {
  const flagged = orders.filter((o) => needsCare(o.student, o.allergyAcknowledged));
  if (flagged.length === 0) return null;
  return (
    <section
      aria-label="Allergies and dietary notes"
      className="grid gap-3 rounded-lg border border-destructive/60 p-4"
    >
      <h3 className="text-xl font-semibold">Allergies and dietary notes ({flagged.length})</h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {flagged.map((order) => (
          <li key={order.id} className="min-w-0 rounded-md bg-destructive/5 p-3 text-base">
            <p className="font-medium break-words">
              {order.student.name}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {gradeLabel(order.student.grade)}
                {showDay ? `, ${weekdayName(order.dayOfWeek)}` : ""}
              </span>
            </p>
            <p className="text-sm break-words">
              {[order.menuItem.name, order.category && capitalize(order.category), order.sideDish]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <AllergyFlag student={order.student} acknowledged={order.allergyAcknowledged} />
          </li>
        ))}
      </ul>
    </section>
  );
}
