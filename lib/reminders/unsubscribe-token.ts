import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// The one-click unsubscribe link of an order reminder: the account's id signed with the server's
// secret, so nobody can turn off another family's reminders by changing the number. It does not
// expire: an old reminder's link keeps working, and all it can do is turn reminders off.

function signature(userId: number): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`order-reminders-unsubscribe:${userId}`)
    .digest("base64url");
}

/** The absolute link that turns this account's reminders off. */
export function unsubscribeLink(userId: number): string {
  const link = new URL("/api/reminders/unsubscribe", env().APP_URL);
  link.searchParams.set("u", String(userId));
  link.searchParams.set("t", signature(userId));
  return link.toString();
}

/** Whether `token` is this account's signature. */
export function isUnsubscribeToken(userId: number, token: string): boolean {
  const expected = Buffer.from(signature(userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
