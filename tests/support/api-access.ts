// The table of who may call each route handler under app/api, the discovery of those handlers,
// and the callers the authorization matrix and the hostile-input tests use.
import { readdirSync } from "node:fs";
import path from "node:path";
import * as convert from "@/app/api/user/convert-to-teacher/route";
import { hashPassword } from "@/lib/security/password";
import type { Feature } from "@/lib/contracts/permissions";
import { testDb } from "@/tests/support/school";
import { usernameKey } from "@/lib/validations/username";
import { signedInAs, signedUpParent, uniqueName } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

export type Access =
  | "public"
  /**
   * A provider's callback (issue 48): no session and no school's host; it proves itself with a
   * secret in its path or a signature, so every caller here is refused (401, 403, or 404 for a
   * secret path that does not exist) and none gets further.
   */
  | "provider"
  | "user"
  | "parent-teacher"
  | "admin"
  | { feature: Feature }
  | { anyOf: Feature[] }
  /** Parents and teachers for their own rows, and admins holding one of the features. */
  | { parentTeacherOr: Feature[] };

export type Row = {
  access: Access;
  /** Query string sent with the call. */
  query?: Record<string, string>;
  /** The call acts on the caller's account (logout, convert): each caller gets a fresh one. */
  throwaway?: boolean;
};

export const MATRIX: Record<string, Row> = {
  "PUT /api/admin-users/[id]/permissions": { access: { feature: "admins" } },
  "GET /api/admin-users": { access: { feature: "admins" } },
  "POST /api/admin-users": { access: { feature: "admins" } },
  "POST /api/auth/forgot-password": { access: "public" },
  "GET /api/auth/verify-email": { access: "public" },
  "POST /api/contact/email": { access: "user" },
  "GET /api/contact/messages": { access: { feature: "messages" } },
  "PUT /api/contact/messages/[id]": { access: { feature: "messages" } },
  // Issue 48: the office's announcements and the messages the portal sent.
  "GET /api/announcements": { access: { feature: "parents_students" } },
  "POST /api/announcements": { access: { feature: "parents_students" } },
  "GET /api/announcements/preview": {
    access: { feature: "parents_students" },
    query: { audience: "everyone" },
  },
  "GET /api/announcements/[id]": { access: { feature: "parents_students" } },
  "GET /api/outbox": { access: { feature: "messages" } },
  "GET /api/cycle-orders": { access: { feature: "history" } },
  "GET /api/discount-codes": { access: { feature: "settings" } },
  "POST /api/discount-codes": { access: { feature: "settings" } },
  "PUT /api/discount-codes/[id]": { access: { feature: "settings" } },
  "DELETE /api/discounts/[id]": { access: { feature: "settings" } },
  "GET /api/discounts/my-discount-code": { access: "user" },
  "GET /api/health": { access: "public" },
  "GET /api/health/ready": { access: "public" },
  "POST /api/login": { access: "public" },
  // The login and sign-up forms' no-script path, and the inert target of every other form.
  "POST /api/login/form": { access: "public" },
  "POST /api/no-script": { access: "public" },
  // Any path no handler serves: 404 with the JSON envelope for everyone (issue 43).
  "GET /api/[[...path]]": { access: "public" },
  "POST /api/[[...path]]": { access: "public" },
  "PUT /api/[[...path]]": { access: "public" },
  "PATCH /api/[[...path]]": { access: "public" },
  "DELETE /api/[[...path]]": { access: "public" },
  "POST /api/register/form": { access: "public" },
  "POST /api/logout": { access: "public", throwaway: true },
  "POST /api/menu-items/validate": { access: "user" },
  "PATCH /api/menu/[id]/archive": { access: { feature: "menu" } },
  "PATCH /api/menu/[id]/availability": { access: { feature: "menu" } },
  "GET /api/menu/[id]/has-orders": { access: { feature: "menu" } },
  "GET /api/menu/[id]": { access: { feature: "menu" } },
  "PUT /api/menu/[id]": { access: { feature: "menu" } },
  "DELETE /api/menu/[id]": { access: { feature: "menu" } },
  "POST /api/menu/bulk-archive": { access: { feature: "menu" } },
  "POST /api/menu/bulk-upload": { access: { feature: "menu" } },
  "POST /api/menu/duplicate": { access: { feature: "menu" } },
  "POST /api/menu/has-orders-batch": { access: { feature: "menu" } },
  "GET /api/menu": { access: "user" },
  "POST /api/menu": { access: { feature: "menu" } },
  "POST /api/order-cycles/[id]/reactivate": { access: { feature: "cycles" } },
  "GET /api/order-cycles/[id]/close-day": {
    access: { feature: "cycles" },
    query: { weekNumber: "1", dayOfWeek: "1" },
  },
  "POST /api/order-cycles/[id]/close-day": { access: { feature: "cycles" } },
  "GET /api/account/credit": { access: "parent-teacher" },
  // Issue 49: the family's statement, a PDF.
  "GET /api/account/statement": {
    access: "parent-teacher",
    query: { from: "2026-01-01", to: "2026-01-31" },
  },
  "GET /api/account/receipts/[reference]": { access: "parent-teacher" },
  "POST /api/account/top-up": { access: "parent-teacher" },
  "POST /api/account/withdraw": { access: "parent-teacher" },
  "GET /api/account/withdrawals": { access: "parent-teacher" },
  "GET /api/account/wallet": { access: "parent-teacher" },
  "PUT /api/account/wallet": { access: "parent-teacher" },
  "POST /api/account/phone/verify": { access: "parent-teacher" },
  "POST /api/account/phone/confirm": { access: "parent-teacher" },
  "GET /api/account/notifications": { access: "parent-teacher" },
  "PUT /api/account/notifications": { access: "parent-teacher" },
  "GET /api/parents/[id]/credit": { access: { feature: "parents_students" } },
  "POST /api/parents/[id]/credit": { access: { feature: "parents_students" } },
  "DELETE /api/order-cycles/[id]": { access: { feature: "cycles" } },
  "GET /api/order-cycles/history": { access: { feature: "cycles" } },
  "GET /api/order-cycles/overlap": { access: { feature: "cycles" } },
  "GET /api/order-cycles": { access: "user" },
  "POST /api/order-cycles": { access: { feature: "cycles" } },
  "POST /api/orders/[id]/cancel": { access: "parent-teacher" },
  "GET /api/orders": {
    access: { parentTeacherOr: ["history", "kitchen"] },
    query: { unpaginated: "true" },
  },
  "POST /api/orders": { access: "parent-teacher" },
  "POST /api/orders/status": { access: { anyOf: ["history", "kitchen"] } },
  "GET /api/orders/today": { access: { feature: "kitchen" } },
  "GET /api/orders/week/[week]": { access: { feature: "kitchen" } },
  "PUT /api/parents/[id]": { access: { feature: "parents_students" } },
  "DELETE /api/parents/[id]": { access: { feature: "parents_students" } },
  "GET /api/parents": { access: { feature: "parents_students" } },
  "POST /api/parents": { access: { feature: "parents_students" } },
  "PUT /api/parents/students/[id]": { access: { feature: "parents_students" } },
  "GET /api/parents/students/promotion": { access: { feature: "parents_students" } },
  "POST /api/parents/students/promotion": { access: { feature: "parents_students" } },
  "GET /api/parents/roll": { access: { feature: "parents_students" } },
  "POST /api/parents/roll": { access: { feature: "parents_students" } },
  "POST /api/parents/roll/[id]/invite": { access: { feature: "parents_students" } },
  "POST /api/parents/roll/preview": { access: { feature: "parents_students" } },
  "GET /api/roll/claim": { access: "public", query: { token: "a-token-of-no-invitation-0000" } },
  "POST /api/roll/claim": { access: "user" },
  "GET /api/kitchen/cycles": { access: { feature: "kitchen" } },
  "GET /api/kitchen/labels": { access: { feature: "kitchen" }, query: { date: "2026-01-05" } },
  "GET /api/kitchen/class-list": {
    access: { feature: "kitchen" },
    query: { date: "2026-01-05" },
  },
  // The counter's cards and handing out (issue 47): the kitchen or the counter.
  "GET /api/kitchen/student-cards": { access: { anyOf: ["kitchen", "counter"] } },
  "GET /api/kitchen/uncollected": { access: { anyOf: ["kitchen", "counter"] } },
  "POST /api/counter/collect": { access: { anyOf: ["kitchen", "counter"] } },
  "POST /api/students/[id]/card": { access: { anyOf: ["kitchen", "counter"] } },
  "DELETE /api/parents/students/[id]": { access: { feature: "parents_students" } },
  "POST /api/payments/check-status/[transactionId]": { access: { feature: "live_orders" } },
  "GET /api/payments/failed-orders": { access: { feature: "order_recovery" } },
  "GET /api/payments/live-orders": { access: { feature: "live_orders" } },
  "POST /api/payments/orders/[id]/process": { access: { feature: "live_orders" } },
  "POST /api/payments/orders/[id]/retry": { access: { anyOf: ["live_orders", "order_recovery"] } },
  "PUT /api/payments/payment-attempts/[transactionId]/status": {
    access: { feature: "live_orders" },
  },
  "GET /api/payments/pending": { access: { feature: "pending_payments" } },
  "PUT /api/payments/verify": { access: { feature: "pending_payments" } },
  "POST /api/payments/create": { access: "parent-teacher" },
  "POST /api/payments/payment-attempts": { access: "parent-teacher" },
  "POST /api/payments/payment-attempts/update": { access: "parent-teacher" },
  // The sandbox stands in for DPO; no session, but it answers only the app's own provider client
  // (this install's secret company token), anyone else a 404 (issue 43).
  "POST /api/payments/sandbox/api": { access: "public" },
  // Its pay page's decision: only the payer (anybody else's token answers 404).
  "POST /api/payments/sandbox/decide": { access: "parent-teacher" },
  "POST /api/payments/verify/[token]": { access: "parent-teacher" },
  "PUT /api/profile": { access: "user" },
  "GET /api/account/export": { access: "user" },
  "POST /api/account/delete": { access: "parent-teacher", throwaway: true },
  "GET /api/refunds": { access: { feature: "refunds" } },
  "POST /api/refunds/[orderId]/complete": { access: { feature: "refunds" } },
  "GET /api/refunds/withdrawals": { access: { feature: "refunds" } },
  "POST /api/refunds/withdrawals/[id]/pay": { access: { feature: "refunds" } },
  "POST /api/refunds/withdrawals/[id]/decline": { access: { feature: "refunds" } },
  "POST /api/refunds/[orderId]/card": { access: { feature: "refunds" } },
  "GET /api/refunds/card-refunds": { access: { feature: "refunds" } },
  "POST /api/refunds/card-refunds/[id]/retry": { access: { feature: "refunds" } },
  "POST /api/refunds/card-refunds/[id]/by-hand": { access: { feature: "refunds" } },
  "GET /api/refunds/leaving": { access: { feature: "refunds" } },
  "POST /api/refunds/leaving": { access: { feature: "refunds" } },
  "GET /api/revenue/stats": { access: { feature: "revenue" } },
  "GET /api/revenue/takings": { access: { feature: "revenue" } },
  "GET /api/revenue/takings/payments": { access: { feature: "revenue" } },
  "POST /api/revenue/settlement": { access: { feature: "revenue" } },
  "POST /api/register": { access: "public" },
  "GET /api/settings/reminders": { access: { feature: "settings" } },
  "POST /api/settings/reminders": { access: { feature: "settings" } },
  "GET /api/reminders/unsubscribe": { access: "public" },
  "GET /api/settings/communication": { access: "user" },
  "POST /api/settings/communication": { access: { feature: "settings" } },
  "GET /api/settings/cutoff-time": { access: "user" },
  "POST /api/settings/cutoff-time": { access: { feature: "settings" } },
  "GET /api/settings/allergens": { access: "user" },
  "POST /api/settings/allergens": { access: { feature: "settings" } },
  "GET /api/settings/cycle-length": { access: "admin" },
  "GET /api/settings/payment-bypass": { access: "user" },
  "POST /api/settings/payment-bypass": { access: { feature: "settings" } },
  "GET /api/settings/bank-transfer": { access: "user" },
  "POST /api/settings/bank-transfer": { access: { feature: "settings" } },
  "GET /api/settings/wallet": { access: "user" },
  "POST /api/settings/wallet": { access: { feature: "settings" } },
  "GET /api/settings/counter": { access: "user" },
  "POST /api/settings/counter": { access: { feature: "settings" } },
  "GET /api/settings/messaging": { access: { feature: "settings" } },
  "PUT /api/settings/messaging": { access: { feature: "settings" } },
  "GET /api/settings/mobile-money": { access: "user" },
  "POST /api/settings/mobile-money": { access: { feature: "settings" } },
  "PUT /api/students/[id]": { access: "parent-teacher" },
  "DELETE /api/students/[id]": { access: "parent-teacher" },
  "PUT /api/students/[id]/care": { access: "parent-teacher" },
  "PUT /api/students/[id]/counter": { access: "parent-teacher" },
  "GET /api/students/[id]/guardians": { access: "parent-teacher" },
  "DELETE /api/students/[id]/guardians": { access: "parent-teacher" },
  "POST /api/students/[id]/guardians/invitations": { access: "parent-teacher" },
  "DELETE /api/students/[id]/guardians/invitations": { access: "parent-teacher" },
  "GET /api/guardian-invitations/[token]": { access: "public" },
  "POST /api/guardian-invitations/[token]": { access: "parent-teacher" },
  // The counter (issue 47): the till's calls, and the family's purchases.
  "GET /api/counter/students": { access: { feature: "counter" }, query: { q: "a" } },
  "GET /api/counter/items": { access: { feature: "counter" } },
  "POST /api/counter/sales": { access: { feature: "counter" } },
  "POST /api/counter/sales/[id]/void": { access: { feature: "counter" } },
  "GET /api/counter/purchases": { access: "parent-teacher" },
  "GET /api/students": { access: { parentTeacherOr: ["parents_students"] } },
  "POST /api/students": { access: { parentTeacherOr: ["parents_students"] } },
  "POST /api/user/convert-to-teacher": { access: "user", throwaway: true },
  "GET /api/user": { access: "user" },
  "PUT /api/users/[id]/password": { access: { anyOf: ["admins", "parents_students"] } },
  "GET /api/users/search": { access: { feature: "settings" } },
  // The SMS and WhatsApp providers' callbacks (issue 48).
  "POST /api/webhooks/sms/africastalking/[secret]": { access: "provider" },
  "POST /api/webhooks/sms/africastalking/[secret]/opt-out": { access: "provider" },
  "GET /api/webhooks/whatsapp": { access: "provider" },
  "POST /api/webhooks/whatsapp": { access: "provider" },
};

/** How a provider's callback refuses a caller without its secret or signature. */
export const PROVIDER_REFUSALS = [401, 403, 404];

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type Handler = Parameters<Browser["call"]>[0];

const apiRoot = path.join(process.cwd(), "app", "api");

/**
 * Every route.ts of the schools under app/api, as its URL template ("/api/menu/[id]"). The
 * operators' routes (/api/platform, issue 45) answer no school's caller: tests/integration/
 * platform.test.ts holds them.
 */
function routeFiles(dir = apiRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && full === path.join(apiRoot, "platform")) return [];
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

export type Endpoint = { key: string; method: Method; template: string; handler: Handler };

export async function discoverEndpoints(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const file of routeFiles()) {
    const template = `/api/${path.relative(apiRoot, path.dirname(file)).split(path.sep).join("/")}`;
    const mod = (await import(file)) as Partial<Record<Method, Handler>>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (handler) endpoints.push({ key: `${method} ${template}`, method, template, handler });
    }
  }
  return endpoints.sort((x, y) => x.key.localeCompare(y.key));
}

export async function adminHolding(features: Feature[]): Promise<Browser> {
  const db = await testDb();
  const username = uniqueName("admin");
  await db.user.create({
    data: {
      username,
      usernameKey: usernameKey(username),
      passwordHash: await hashPassword("admin-pass-1"),
      name: username,
      role: "admin",
      allowedFeatures: features,
    },
  });
  return signedInAs(username, "admin-pass-1");
}

/** A parent converted to a teacher (the conversion ends the old session: sign in again). */
export async function teacher(): Promise<Browser> {
  const { browser, username } = await signedUpParent();
  await browser.call(convert.POST, "POST", "/api/user/convert-to-teacher");
  return signedInAs(username, "parent-pass");
}

export function featureOf(access: Access): Feature[] {
  if (typeof access !== "object") return [];
  if ("feature" in access) return [access.feature];
  return "anyOf" in access ? [access.anyOf[0]!] : [access.parentTeacherOr[0]!];
}

/** Dynamic segments filled with values that name nothing: the access check comes first. */
export function concretePath(template: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = template.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = /id$/i.test(name) ? "999999" : name === "week" ? "1" : "NO-SUCH-VALUE";
    params[name] = value;
    return value;
  });
  return { url, params };
}
