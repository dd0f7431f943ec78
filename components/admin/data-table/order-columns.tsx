"use client";

import { AllergyFlag, type CareFlags } from "@/components/admin/data-table/allergy-flag";
import {
  rowSelectionFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
} from "@tanstack/react-table";
import { formatOrderDate } from "@/components/admin/data-table/order-format";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { gradeLabel, weekdayName } from "@/lib/client/format";

// The columns the console's order lists share (Cycle History, Pending Payments, Refunds, the
// kitchen); each list picks its own, names its headers and adds its actions.

/**
 * The features of an order list: rows can be selected (where the list shows checkboxes). One set
 * for every list, so that these columns fit each of them.
 */
export const orderTableFeatures = tableFeatures({ rowSelectionFeature });
type Features = typeof orderTableFeatures;
/** A column of an order list. */
export type OrderColumn<TData extends RowData> = ColumnDef<Features, TData>;

/** A checkbox per row; the header is the list's own (select all, or a name for screen readers). */
export function selectColumn<TData extends RowData>({
  header,
  label,
  className,
}: {
  header: OrderColumn<TData>["header"];
  label: (row: TData) => string;
  className?: string;
}): OrderColumn<TData> {
  return {
    id: "select",
    header,
    cell: ({ row }) => (
      <Checkbox
        aria-label={label(row.original)}
        className={className}
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  };
}

/** A row's id: its order's. */
export function orderRowId(row: { id: number }): string {
  return String(row.id);
}

/** A selected row is highlighted (the props of its row). */
export function selectedRowProps<TData extends RowData>(row: Row<Features, TData>) {
  return { "data-state": row.getIsSelected() ? "selected" : undefined };
}

/** A header over right-aligned amounts. */
export function rightAligned(text: string) {
  return function RightAlignedHeader() {
    return <div className="text-right">{text}</div>;
  };
}

export function orderDateColumn<TData extends { orderDate: string }>(
  header = "Order Date",
): OrderColumn<TData> {
  return {
    id: "orderDate",
    header,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatOrderDate(row.original.orderDate)}</span>
    ),
  };
}

/** A student's name and, when known, grade (each list words the grade its own way). */
export type StudentLine = {
  name: string;
  grade: string | null;
  /** The child's allergies and notes, flagged under the name (issue 18). */
  care?: CareFlags | null;
  allergyAcknowledged?: boolean;
};

/** A student's name and grade label ("Grade 3", "Staff"). */
export function gradedStudent(
  student: { name: string; grade: string } & Partial<CareFlags>,
): StudentLine {
  const { allergies, dietaryNotes = null } = student;
  return {
    name: student.name,
    grade: gradeLabel(student.grade),
    care: allergies ? { allergies, dietaryNotes } : null,
  };
}

export function studentColumn<TData extends RowData>(
  student: (row: TData) => StudentLine,
): OrderColumn<TData> {
  return {
    id: "student",
    header: "Student",
    cell: ({ row }) => {
      const { name, grade, care, allergyAcknowledged } = student(row.original);
      return (
        <div>
          <TruncatedText text={name} className="max-w-48 font-medium" />
          {grade !== null && <div className="text-xs text-muted-foreground">{grade}</div>}
          <AllergyFlag student={care} acknowledged={allergyAcknowledged} />
        </div>
      );
    },
  };
}

export function menuItemColumn<TData extends RowData>(
  name: (row: TData) => string,
): OrderColumn<TData> {
  return {
    id: "menuItem",
    header: "Menu Item",
    cell: ({ row }) => <TruncatedText text={name(row.original)} className="max-w-48" />,
  };
}

type WeekDay = { weekNumber: number; dayOfWeek: number };

const DAY_ABBREVIATIONS = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;

/** A cycle's week and day as one short pair, "W2 Tue" (issue 25: one pair per line). */
export function weekDayShort(day: WeekDay): string {
  return `W${day.weekNumber} ${DAY_ABBREVIATIONS[day.dayOfWeek - 1] ?? `Day ${day.dayOfWeek}`}`;
}

/** A week-and-day pair as shown ("W2 Tue"), read out in full ("Week 2, Tuesday"). */
export function WeekDayPair({ day }: { day: WeekDay }) {
  const full = `Week ${day.weekNumber}, ${weekdayName(day.dayOfWeek)}`;
  return (
    <span className="whitespace-nowrap" title={full}>
      <span aria-hidden>{weekDayShort(day)}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

export function weekDayColumn<TData extends WeekDay>(): OrderColumn<TData> {
  return {
    id: "weekDay",
    header: "Week & Day",
    cell: ({ row }) => <WeekDayPair day={row.original} />,
  };
}

type OrderChoices = { category: string | null; sideDish: string | null; comments: string | null };

/** Protein, side dish and comments, or a dash when the order has none. Proteins are stored in
 * lower case and shown capitalised ("Protein: Chicken"; issue 25). */
export function orderDetailsColumn<TData extends OrderChoices>(
  proteinClassName = "capitalize",
): OrderColumn<TData> {
  return {
    id: "details",
    header: "Details",
    cell: ({ row }) => {
      const { category, sideDish, comments } = row.original;
      if (!category && !sideDish && !comments) {
        return <span className="text-muted-foreground">—</span>;
      }
      return (
        <div className="grid gap-0.5 text-xs">
          {category && <div className={proteinClassName}>Protein: {category}</div>}
          {sideDish && <div>Side: {sideDish}</div>}
          {comments && <div className="text-muted-foreground">Comments: {comments}</div>}
        </div>
      );
    },
  };
}

/** The amount paid, the original struck through above it when it was higher. */
export function PriceStack({
  paid,
  original,
  testId,
  exact,
}: {
  paid: string;
  original: string | null;
  testId: string;
  /** The exact amount ("K 45.50") behind a whole-kwacha one, as its tooltip (issue 44). */
  exact?: string;
}) {
  return (
    <div className="flex flex-col items-end tabular-nums">
      {original !== null && (
        <s className="text-xs text-muted-foreground" data-testid={testId}>
          {original}
        </s>
      )}
      <span className="font-medium" title={exact}>
        {paid}
      </span>
    </div>
  );
}

const STATUS_BADGE: Record<string, "warning" | "success" | "destructive" | "secondary"> = {
  pending: "warning",
  completed: "success",
  cancelled: "destructive",
  refunded: "secondary",
};

export function orderStatusColumn<TData extends { status: string }>(): OrderColumn<TData> {
  return {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <Badge variant={STATUS_BADGE[row.original.status] ?? "secondary"} className="capitalize">
        {row.original.status}
      </Badge>
    ),
  };
}
