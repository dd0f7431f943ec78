import { TZDate } from "@date-fns/tz";
import { QUIET_HOURS } from "@/lib/contracts/notifications";

// Quiet hours (issue 48): no SMS or WhatsApp between 20:00 and 08:00 in the school's time zone,
// except a confirmation of what the parent just did; the rest waits until 08:00.

/** True between 20:00 and 08:00 at the school. */
export function inQuietHours(timeZone: string, now: Date = new Date()): boolean {
  const hour = new TZDate(now.getTime(), timeZone).getHours();
  return hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
}

/** When a message queued at `now` may be sent: now, or the next 08:00 at the school. */
export function sendableAt(timeZone: string, now: Date = new Date()): Date {
  if (!inQuietHours(timeZone, now)) return now;
  const local = new TZDate(now.getTime(), timeZone);
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + (local.getHours() >= QUIET_HOURS.startHour ? 1 : 0),
    QUIET_HOURS.endHour,
    0,
    0,
    timeZone,
  );
  return new Date(morning.getTime());
}
