// Admin features (spec 001 §2, §3, §6). Pure: used by the server guards and by the console shell.

export const FEATURES = [
  "menu",
  "kitchen",
  "cycles",
  "history",
  "live_orders",
  "revenue",
  "refunds",
  "admins",
  "parents_students",
  "settings",
  "order_recovery",
  "pending_payments",
  "messages",
  "counter",
] as const;

export type Feature = (typeof FEATURES)[number];

export const SECTION_TITLES: Record<Feature, string> = {
  menu: "Menu Management",
  kitchen: "Fat Chef View",
  cycles: "Order Cycles",
  history: "Cycle History",
  live_orders: "Live Orders",
  revenue: "Revenue Stats",
  refunds: "Refund Management",
  admins: "Admin Users",
  parents_students: "Parents & Students",
  settings: "Settings",
  order_recovery: "Order Recovery",
  pending_payments: "Pending Payments",
  messages: "Messages",
  counter: "Counter",
};

export const SUPERADMIN_USERNAME = "superadmin";

export type Role = "parent" | "teacher" | "admin";

export type PermissionSubject = {
  username: string;
  role: Role;
  allowedFeatures: readonly string[];
};

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

export function isSuperadmin(user: PermissionSubject): boolean {
  return user.role === "admin" && user.username === SUPERADMIN_USERNAME;
}

export function hasFeature(user: PermissionSubject, feature: Feature): boolean {
  if (user.role !== "admin") return false;
  return isSuperadmin(user) || user.allowedFeatures.includes(feature);
}

/** The console sections this admin may open, in the spec's order. */
export function allowedSections(user: PermissionSubject): Feature[] {
  return FEATURES.filter((feature) => hasFeature(user, feature));
}
