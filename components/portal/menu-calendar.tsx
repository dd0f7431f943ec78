"use client";

import { useState, type ReactNode } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import type { AddTarget, MealChoice } from "@/components/portal/add-to-cart-dialog";
import { DayCard } from "@/components/portal/day-card";
import { LazyAddToCartDialog } from "@/components/portal/lazy-portal";
import { RepeatLastWeek } from "@/components/portal/repeat-last-week";
import { ErrorBlock, EmptyBlock, LoadingBlock } from "@/components/portal/load-state";
import { useCart } from "@/components/portal/use-cart";
import { useNow } from "@/components/portal/use-now";
import { useShownOnce } from "@/components/portal/use-shown-once";
import {
  useActiveCycle,
  useCutoffTime,
  useMenu,
  useOrders,
} from "@/components/portal/use-portal-queries";
import { WeekSwitcher } from "@/components/portal/week-switcher";
import { addCartItem, makeCartItem, removeCartDay } from "@/lib/client/cart";
import { readCart, writeCart } from "@/lib/client/cart-store";
import {
  closedReason,
  dayState,
  formatCutoff,
  openWeeks,
  otherGuardianDay,
  type CalendarContext,
} from "@/lib/client/day-state";
import { formatDayDate, gradeLabel, weekdayName } from "@/lib/client/format";
import { ordersForDay } from "@/lib/client/orders";
import type { MenuItemType, StudentDto } from "@/lib/contracts";
import { cycleDayDate, dayClosure, menuTypeForGrade } from "@/lib/school-calendar";

export type CalendarStudent = {
  id: number;
  name: string;
  grade: string;
  allergies?: readonly string[];
  /** Issue 49: the days the child's other guardian has ordered. */
  otherGuardianDays?: StudentDto["otherGuardianDays"];
};

const DAYS = [1, 2, 3, 4, 5] as const;

// The weekly menu calendar of the active cycle (spec 000 §2, §4, §5), shared by the parent
// dashboard (menu by the student's grade) and the teacher portal (secondary menu, staff record).
export function MenuCalendar({
  student,
  timeZone,
  menuType,
  noStudent,
}: {
  student: CalendarStudent | null;
  timeZone: string;
  /** Forces a menu type (the teacher's secondary menu); by default it follows the grade. */
  menuType?: MenuItemType;
  /** Shown instead of the calendar when there is nobody to order for. */
  noStudent?: ReactNode;
}) {
  const menu = useMenu();
  const cycle = useActiveCycle();
  const cutoff = useCutoffTime();
  const orders = useOrders();
  const cart = useCart();
  const now = useNow(60_000);
  const [week, setWeek] = useState<number | null>(null);
  const [target, setTarget] = useState<AddTarget | null>(null);
  // The add-to-cart dialog's code is fetched when Add to Cart is first pressed.
  const addDialogUsed = useShownOnce(target !== null);

  if (!student) return <>{noStudent}</>;
  if (menu.isPending || cycle.isPending || cutoff.isPending || orders.isPending) {
    return <LoadingBlock label="Loading menu" />;
  }
  if (menu.isError || cycle.isError || cutoff.isError) {
    return (
      <ErrorBlock
        message="Failed to load the menu. Please try again."
        onRetry={() => {
          void menu.refetch();
          void cycle.refetch();
          void cutoff.refetch();
        }}
      />
    );
  }
  const activeCycle = cycle.data;
  if (!activeCycle) {
    return (
      <EmptyBlock>There is no active order cycle right now. Please check back later.</EmptyBlock>
    );
  }

  const ctx: CalendarContext = {
    cycle: activeCycle,
    cutoff: cutoff.data,
    timeZone,
    now,
    orders: orders.data ?? [],
    cart,
    menu: menu.data,
    otherGuardianDays: student.otherGuardianDays ?? [],
  };
  const weeks = openWeeks(activeCycle, cutoff.data, timeZone, now);
  const shownWeek = week !== null && weeks.includes(week) ? week : weeks[0];
  const forStudent = { id: student.id, menuType: menuType ?? menuTypeForGrade(student.grade) };

  function confirmAdd(choice: MealChoice) {
    if (!target || !student) return;
    const { item, weekNumber, dayOfWeek, date } = target;
    setTarget(null);
    const { live } = ordersForDay(ctx.orders, ctx.cycle.id, student.id, weekNumber, dayOfWeek);
    if (live) {
      toastFailure("Already Ordered", "You already have an order for this day");
      return;
    }
    const other = otherGuardianDay(ctx, weekNumber, dayOfWeek);
    if (other) {
      toastFailure("Already Ordered", `${other.by} has already ordered for this day`);
      return;
    }
    if (dayClosure(ctx.cycle, weekNumber, dayOfWeek, ctx.cutoff, timeZone, new Date()) !== null) {
      toastFailure("School Closed", "This day no longer takes orders");
      return;
    }
    const result = addCartItem(
      readCart(),
      makeCartItem(item, student, weekNumber, dayOfWeek, choice),
    );
    if (!result.ok) {
      toastFailure("Already in Cart", "You already have this day in your cart");
      return;
    }
    writeCart(result.items);
    toastSuccess("Added to Cart", `${item.name}, ${weekdayName(dayOfWeek)} ${formatDayDate(date)}`);
  }

  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Menu Calendar</h2>
        <p className="text-sm text-muted-foreground">
          Ordering for <span className="font-medium text-foreground">{student.name}</span> (
          {gradeLabel(student.grade)})
        </p>
        <p className="text-sm text-muted-foreground">
          Orders for a day close at {formatCutoff(cutoff.data)} that day.
        </p>
      </div>
      {orders.isError && (
        <ErrorBlock message="Failed to fetch orders" onRetry={() => void orders.refetch()} />
      )}
      {shownWeek === undefined ? (
        <EmptyBlock>
          Every week of this order cycle is completed. The next menu appears here when the school
          opens a new cycle.
        </EmptyBlock>
      ) : (
        <>
          <WeekSwitcher
            startDate={activeCycle.startDate}
            weeks={weeks}
            selected={shownWeek}
            onSelect={setWeek}
          />
          <RepeatLastWeek
            key={`${student.id}:${shownWeek}`}
            ctx={ctx}
            student={{ ...student, ...forStudent }}
            weekNumber={shownWeek}
          />
          <section
            aria-label={`Week ${shownWeek}`}
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
          >
            {DAYS.map((day) => {
              const date = cycleDayDate(activeCycle.startDate, shownWeek, day);
              const state = dayState(ctx, forStudent, shownWeek, day);
              return (
                <DayCard
                  key={day}
                  dayOfWeek={day}
                  date={date}
                  state={state}
                  closedReason={
                    state.kind === "closed" ? closedReason(state.why, cutoff.data) : null
                  }
                  allergies={student.allergies}
                  onAdd={(item) => setTarget({ item, weekNumber: shownWeek, dayOfWeek: day, date })}
                  onRemove={() => writeCart(removeCartDay(readCart(), student.id, shownWeek, day))}
                />
              );
            })}
          </section>
        </>
      )}
      {addDialogUsed && (
        <LazyAddToCartDialog
          target={target}
          studentName={student.name}
          studentAllergies={student.allergies}
          onClose={() => setTarget(null)}
          onConfirm={confirmAdd}
        />
      )}
    </div>
  );
}
