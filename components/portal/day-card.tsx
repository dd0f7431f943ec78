import { AlertTriangle, Ban, CheckCircle2, Clock, ShoppingCart, Trash2 } from "lucide-react";
import { useId } from "react";
import { PriceTag } from "@/components/portal/price-tag";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { capitalize, formatDayDate, pendingExplanation, weekdayName } from "@/lib/client/format";
import type { DayState } from "@/lib/client/day-state";
import type { MenuItemDto } from "@/lib/contracts";
import { allergenList, allergyConflicts } from "@/lib/contracts/allergies";
import { cn } from "@/lib/utils";

// One school day of the menu calendar, showing exactly one state (spec 000 §4).
export function DayCard({
  dayOfWeek,
  date,
  state,
  closedReason,
  allergies = [],
  onAdd,
  onRemove,
}: {
  dayOfWeek: number;
  date: string;
  state: DayState;
  /** Under "School Closed": why the day takes no orders (lib/client/day-state.ts). */
  closedReason?: string | null;
  /** The selected child's allergies: items containing one are marked. */
  allergies?: readonly string[];
  onAdd: (item: MenuItemDto) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const day = `${weekdayName(dayOfWeek)} ${formatDayDate(date)}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm",
        state.kind === "closed" && "bg-muted/60",
      )}
    >
      <h3 id={headingId} className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">{weekdayName(dayOfWeek)}</span>
        <span className="text-sm text-muted-foreground">{formatDayDate(date)}</span>
      </h3>
      <DayBody
        state={state}
        day={day}
        date={date}
        closedReason={closedReason}
        allergies={allergies}
        onAdd={onAdd}
        onRemove={onRemove}
      />
    </section>
  );
}

function DayBody({
  state,
  day,
  date,
  closedReason,
  allergies,
  onAdd,
  onRemove,
}: {
  state: DayState;
  day: string;
  date: string;
  closedReason?: string | null;
  allergies: readonly string[];
  onAdd: (item: MenuItemDto) => void;
  onRemove: () => void;
}) {
  switch (state.kind) {
    case "ordered":
      return (
        <div className="grid gap-1">
          <Badge variant={state.order.status === "completed" ? "success" : "warning"}>
            {state.order.status === "completed" ? (
              <CheckCircle2 aria-hidden />
            ) : (
              <Clock aria-hidden />
            )}
            {state.label}
          </Badge>
          {pendingExplanation(state.order) && (
            <p className="text-xs text-muted-foreground">{pendingExplanation(state.order)}</p>
          )}
          <p className="text-sm break-words">{state.order.menuItem.name}</p>
        </div>
      );
    case "ordered-by-other":
      return (
        <div className="grid gap-1">
          <Badge variant="secondary">
            <CheckCircle2 aria-hidden /> Already ordered
          </Badge>
          <p className="text-sm break-words text-muted-foreground">
            Ordered by {state.by}: one order a day for both guardians.
          </p>
        </div>
      );
    case "closed":
      return (
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Ban aria-hidden className="size-4" /> School Closed
          </p>
          {closedReason && <p className="text-sm break-words">{closedReason}</p>}
        </div>
      );
    case "in-cart": {
      const { item } = state;
      const details = [item.category && capitalize(item.category), item.sideDish].filter(Boolean);
      return (
        <div className="grid gap-2">
          <Badge variant="secondary">
            <ShoppingCart aria-hidden /> In cart
          </Badge>
          <p className="text-sm font-medium break-words">{item.menuItem.name}</p>
          {details.length > 0 && (
            <p className="text-sm break-words text-muted-foreground">{details.join(", ")}</p>
          )}
          <Button
            variant="outline"
            onClick={onRemove}
            aria-label={`Remove ${item.menuItem.name} (${day}) from cart`}
          >
            <Trash2 aria-hidden /> Remove
          </Button>
        </div>
      );
    }
    case "open":
      return (
        <div className="grid gap-3">
          {state.cancelled && (
            <p className="text-sm font-medium text-destructive">Order cancelled</p>
          )}
          {state.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No meals on the menu for this day.</p>
          ) : (
            <ul className="grid gap-3">
              {state.items.map((item) => (
                <li key={item.id} className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0">
                  <p className="font-medium break-words">{item.name}</p>
                  {item.description && (
                    <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                  )}
                  <AllergyMark conflicts={allergyConflicts(item.allergens, allergies)} />
                  <PriceTag price={item.price} discountPrice={item.discountPrice} />
                  {isSoldOut(item, date) ? (
                    <Badge variant="outline" className="text-muted-foreground">
                      <Ban aria-hidden /> Sold out
                    </Badge>
                  ) : (
                    <Button
                      onClick={() => onAdd(item)}
                      aria-label={`Add to Cart: ${item.name}, ${day}`}
                    >
                      <ShoppingCart aria-hidden /> Add to Cart
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
  }
}

/** Issue 47: the item's daily cap is reached on this date (the menu says what is left). */
function isSoldOut(item: MenuItemDto, date: string): boolean {
  const left = item.left?.[date];
  return left !== undefined && left <= 0;
}

/** "Contains Peanuts": the meal holds one of the selected child's allergens. */
function AllergyMark({ conflicts }: { conflicts: string[] }) {
  if (conflicts.length === 0) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-destructive">
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      Contains {allergenList(conflicts)}
    </p>
  );
}
