"use client";

import { AllergyFlag } from "@/components/admin/data-table/allergy-flag";
import { amountDisplay, byStudent } from "@/components/admin/live-orders/live-order-format";
import { gradeLabel, weekdayName, capitalize } from "@/lib/client/format";
import type { LiveOrder } from "@/lib/contracts/live-orders";

// The expanded row of a live order (spec 001 §2): per student, the name, grade and each meal with
// its original and discounted price, week, day, protein and side.

export function LiveOrderDetails({ order }: { order: LiveOrder }) {
  const groups = byStudent(order.cartItems);
  if (groups.length === 0) {
    return <p className="text-sm text-muted-foreground">No items in this order.</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-label={`Details of order ${order.id}`}>
      {groups.map((group) => (
        <section key={group.studentId} className="grid gap-2 rounded-md border bg-background p-3">
          <h4 className="font-medium">
            {group.name}{" "}
            <span className="text-sm font-normal text-muted-foreground">
              {group.grade === "N/A" ? "" : gradeLabel(group.grade)}
            </span>
          </h4>
          <AllergyFlag student={group.lines[0]?.student} />
          <ul className="grid gap-2">
            {group.lines.map((line, index) => {
              const price = amountDisplay(line.originalPrice, line.discountedPrice);
              const original = amountDisplay(line.originalPrice, line.originalPrice).paid;
              return (
                <li key={index} className="grid gap-0.5 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">{line.menuItem.name}</span>
                    <span className="tabular-nums" title={price.exact}>
                      {price.original ? (
                        <s className="mr-2 text-xs text-muted-foreground">{price.original}</s>
                      ) : null}
                      {price.paid}
                    </span>
                  </div>
                  <div className="text-xs text-muted-foreground">
                    Week {line.weekNumber}, {weekdayName(line.dayOfWeek)}
                    {line.category && <> · Protein: {capitalize(line.category)}</>}
                    {line.sideDish && <> · Side: {line.sideDish}</>}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    Original price: {original} · Discounted price: {price.paid}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
