import { Button } from "@/components/ui/button";
import { formatDayDate } from "@/lib/client/format";
import { cycleDayDate } from "@/lib/school-calendar";

// The cycle's open weeks as toggle buttons; completed weeks are not offered (spec 000 §4).
export function WeekSwitcher({
  startDate,
  weeks,
  selected,
  onSelect,
}: {
  startDate: string;
  weeks: readonly number[];
  selected: number;
  onSelect: (week: number) => void;
}) {
  return (
    <div role="group" aria-label="Choose a week" className="flex flex-wrap gap-2">
      {weeks.map((week) => (
        <Button
          key={week}
          variant={week === selected ? "default" : "outline"}
          aria-pressed={week === selected}
          onClick={() => onSelect(week)}
          className="h-auto min-h-10 flex-col gap-0 py-1.5 leading-tight pointer-coarse:h-auto pointer-coarse:min-h-11"
        >
          <span>Week {week}</span>
          <span className="text-xs font-normal">
            {formatDayDate(cycleDayDate(startDate, week, 1))} –{" "}
            {formatDayDate(cycleDayDate(startDate, week, 5))}
          </span>
        </Button>
      ))}
    </div>
  );
}
