import { capitalize, gradeLabel, weekdayName } from "@/lib/client/format";
import type { KitchenOrder } from "@/lib/contracts/kitchen";

/**
 * Issue 44: the shown day's or week's meals ordered to be paid by transfer whose money the office
 * has not verified yet (Pending Payments). Each is marked "Unpaid" until then; the list goes when
 * every one is verified.
 */
export function UnpaidList({
  orders,
  showDay,
}: {
  orders: readonly KitchenOrder[];
  showDay: boolean;
}) {
  const unpaid = orders.filter((o) => o.unpaid);
  if (unpaid.length === 0) return null;
  return (
    <section
      aria-label="Unpaid meals"
      className="grid gap-3 rounded-lg border border-warning p-4 print:border-black"
    >
      <h3 className="text-xl font-semibold">Unpaid meals ({unpaid.length})</h3>
      <p className="text-sm text-muted-foreground print:text-black">
        Ordered to be paid by transfer; the office has not verified the payment yet.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {unpaid.map((order) => (
          <li key={order.id} className="min-w-0 rounded-md bg-warning/10 p-3 text-base">
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
            <p className="text-sm font-bold uppercase">Unpaid</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
