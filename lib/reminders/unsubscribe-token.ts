import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { SchoolContext } from "@/lib/contracts/schools";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { env } from "@/lib/env";

// The one-click unsubscribe link of an order reminder: the account's id signed with the server's
// secret, so nobody can turn off another family's reminders by changing the number. It does not
// expire: an old reminder's link keeps working, and all it can do is turn reminders off.
// Many schools (issue 45): the link is at the school's own address and the signature binds the
// school too, so a link of school A opened at school B's address (where the same number is another
// account) is not valid there. The default school keeps the text it always signed: links in
// reminders sent before the upgrade keep working.

function signature(schoolId: number, userId: number): string {
  const subject =
    schoolId === DEFAULT_SCHOOL_ID
      ? `order-reminders-unsubscribe:${userId}`
      : `order-reminders-unsubscribe:${schoolId}:${userId}`;
  return createHmac("sha256", env().SESSION_SECRET).update(subject).digest("base64url");
}

/** The absolute link, at the school's own address, that turns this account's reminders off. */
export function unsubscribeLink(school: Pick<SchoolContext, "id" | "origin">, userId: number) {
  const link = new URL("/api/reminders/unsubscribe", school.origin);
  link.searchParams.set("u", String(userId));
  link.searchParams.set("t", signature(school.id, userId));
  return link.toString();
}

/** Whether `token` is this school's account's signature. */
export function isUnsubscribeToken(schoolId: number, userId: number, token: string): boolean {
  const expected = Buffer.from(signature(schoolId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
