import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Email } from "@/lib/mail/outbox";
import { formatNgwee } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";

// The e-mail each account gets when the school closes a day (issue 17): the day, the reason, each
// child's cancelled meal, and the credit added to the account.

export type CancelledMeal = {
  studentName: string;
  menuItemName: string;
  /** Ngwee credited for this meal (0 for a free order or one never paid). */
  creditedNgwee: number;
};

/** "Tuesday 24 November 2026", read in UTC so the server's own zone cannot shift it. */
export function longDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? format(new TZDate(date.getTime(), "UTC"), "EEEE d MMMM yyyy") : isoDate;
}

export function dayClosedEmail(
  account: { name: string; email: string | null },
  isoDate: string,
  reason: string,
  meals: readonly CancelledMeal[],
): Email | null {
  if (!account.email) return null;
  const day = longDate(isoDate);
  const credited = meals.reduce((sum, meal) => sum + meal.creditedNgwee, 0);
  const lines = [...meals]
    .sort((a, b) => a.studentName.localeCompare(b.studentName))
    .map(
      (meal) =>
        `- ${meal.studentName}: ${meal.menuItemName}` +
        (meal.creditedNgwee > 0 ? ` (${formatNgwee(meal.creditedNgwee)} credited)` : ""),
    );
  const creditText =
    credited > 0
      ? `We have added ${formatNgwee(credited)} to your account credit. It pays for your next order automatically.`
      : "Nothing had been paid for these meals, so no credit was added.";
  return {
    to: account.email,
    // The reason as the school wrote it (issue 44 §8): a day without meals is not always a day
    // the school is closed (a sports day, a trip), so the e-mail says no more than it knows.
    subject: `No school meals on ${day}: your order is cancelled`,
    text:
      `Hello ${account.name},\n\nNo school meals will be served on ${day}: ${reason}\n\n` +
      `These meals are cancelled:\n\n${lines.join("\n")}\n\n${creditText}\n`,
  };
}
