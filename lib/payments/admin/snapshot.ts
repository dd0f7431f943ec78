import "server-only";
import type { LineTermsDto } from "@/lib/contracts";
import { fromNgwee, toNgwee } from "@/lib/money";

// Reading an attempt's cart snapshot (`cartItems = { lines: PricedLine[], total }`, written by
// POST /api/payments/create) defensively: a line the console cannot read is skipped, never a 500.

export type SnapshotLine = LineTermsDto & {
  menuItemId: number;
  studentId: number;
  cycleId: number | null;
  originalNgwee: number;
  menuItemName: string | null;
  studentName: string | null;
  studentGrade: string | null;
};

const int = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) ? v : null;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function amount(v: unknown): string | null {
  try {
    return typeof v === "string" || typeof v === "number" ? fromNgwee(toNgwee(v)) : null;
  } catch {
    return null;
  }
}

export function snapshotLines(cartItems: unknown): SnapshotLine[] {
  const lines = (cartItems as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((raw: unknown): SnapshotLine[] => {
    if (!raw || typeof raw !== "object") return [];
    const l = raw as Record<string, unknown>;
    const menuItemId = int(l.menuItemId);
    const studentId = int(l.studentId);
    const weekNumber = int(l.weekNumber);
    const dayOfWeek = int(l.dayOfWeek);
    const originalPrice = amount(l.originalPrice);
    if (menuItemId === null || studentId === null || weekNumber === null || dayOfWeek === null) {
      return [];
    }
    const discountedPrice = amount(l.discountedPrice) ?? originalPrice ?? "0.00";
    const original = originalPrice ?? discountedPrice;
    return [
      {
        menuItemId,
        studentId,
        cycleId: int(l.cycleId),
        weekNumber,
        dayOfWeek,
        category: str(l.category),
        sideDish: str(l.sideDish),
        comments: str(l.comments),
        originalPrice: original,
        discountedPrice,
        originalNgwee: toNgwee(original),
        discountPercentage: typeof l.discountPercentage === "number" ? l.discountPercentage : 0,
        allergyAcknowledged: l.allergyAcknowledged === true,
        menuItemName: str(l.menuItemName),
        studentName: str(l.studentName),
        studentGrade: str(l.studentGrade),
      },
    ];
  });
}
