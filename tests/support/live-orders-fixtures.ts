// Rows for the Live Orders and Order Recovery tests: limited admins, parents with a child, and
// payment attempts written straight to the database with a priced cart snapshot like the one
// POST /api/payments/create stores.
import * as login from "@/app/api/login/route";
import { hashPassword } from "@/lib/security/password";
import { STATUS, TX } from "@/lib/contracts/payments";
import { key, testDb } from "@/tests/support/school";
import { fromNgwee, toNgwee } from "@/lib/money";
import { Browser } from "@/tests/support/http";

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}p${process.pid}`;

/** A signed-in admin (or other role) made in the database with these features. */
export async function signedInUser(
  role: "admin" | "parent" = "admin",
  allowedFeatures: string[] = [],
): Promise<Browser & { id: number }> {
  const db = await testDb();
  const username = unique(`lo.${role}.`);
  const password = "pass-word-1";
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(password),
      name: `${role} ${username}`,
      role,
      allowedFeatures,
      email: `${username}@example.com`,
    },
  });
  const browser = new Browser(`198.51.${100 + (counter % 50)}.${counter % 250}`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return Object.assign(browser, { id: user.id });
}

/** A parent (not signed in) with one child. */
export async function familyOf(childName = "Natasha", grade = "4") {
  const db = await testDb();
  const username = unique("fam.");
  const parent = await db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: "x",
      name: `Parent ${username}`,
      email: `${username}@example.com`,
    },
    select: { id: true, username: true },
  });
  const child = await db.student.create({
    data: { name: `${childName} ${counter}`, grade, parentId: parent.id },
    select: { id: true, name: true, grade: true },
  });
  return { ...parent, child };
}

export type LineSpec = {
  studentId: number;
  menuItemId: number;
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  originalPrice?: string;
  discountedPrice?: string;
  discountPercentage?: number;
  category?: string | null;
  sideDish?: string | null;
};

export type AttemptSpec = {
  userId: number;
  lines: LineSpec[];
  status?: string;
  transactionStatus?: string;
  transactionId?: string | null;
  amount?: string;
  isRecovered?: boolean;
  recoveryStatus?: string | null;
  createdAt?: Date;
  errorDetails?: string | null;
};

/** A payment attempt with a snapshot of these lines (45.50 each unless told). */
export async function paymentAttempt(spec: AttemptSpec) {
  const db = await testDb();
  const lines = spec.lines.map((l) => ({
    menuItemId: l.menuItemId,
    menuItemName: "Snapshot meal",
    studentId: l.studentId,
    studentName: "Snapshot child",
    studentGrade: "4",
    cycleId: l.cycleId,
    weekNumber: l.weekNumber,
    dayOfWeek: l.dayOfWeek,
    date: "2030-01-01",
    category: l.category ?? null,
    sideDish: l.sideDish ?? null,
    comments: null,
    originalPrice: l.originalPrice ?? "45.50",
    discountedPrice: l.discountedPrice ?? l.originalPrice ?? "45.50",
    discountPercentage: l.discountPercentage ?? 0,
  }));
  const total =
    spec.amount ?? fromNgwee(lines.reduce((sum, l) => sum + toNgwee(l.discountedPrice), 0));
  const ref = unique("REF-");
  return db.paymentAttempt.create({
    data: {
      userId: spec.userId,
      transactionId: spec.transactionId === undefined ? unique("TOKEN-") : spec.transactionId,
      transactionRef: ref,
      paymentAmount: total,
      cartItems: { lines, total },
      transactionStatus: spec.transactionStatus ?? TX.failed,
      status: spec.status ?? STATUS.error,
      isRecovered: spec.isRecovered ?? false,
      recoveryStatus: spec.recoveryStatus ?? null,
      errorDetails: spec.errorDetails ?? null,
      ...(spec.createdAt && { createdAt: spec.createdAt }),
    },
  });
}

export async function ordersOfAttempt(paymentAttemptId: number) {
  return (await testDb()).order.findMany({ where: { paymentAttemptId }, orderBy: { id: "asc" } });
}

export async function attemptRow(id: number) {
  return (await testDb()).paymentAttempt.findUniqueOrThrow({ where: key(id) });
}

export async function auditRows(entityId: number) {
  return (await testDb()).auditLog.findMany({
    where: { entity: "PaymentAttempt", entityId: String(entityId) },
    orderBy: { id: "asc" },
  });
}
