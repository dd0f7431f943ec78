// One school's rows of every kind the orders' routes touch (issue 45), written through that
// school's own client, and read back whole: the orders isolation test's fixtures.
import type { SchoolContext } from "@/lib/contracts/schools";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { hashPassword } from "@/lib/security/password";
import { TEST_PASSWORD } from "@/tests/support/fixtures";
import { testDb } from "@/tests/support/school";

/** One school's family, meal, open cycle, orders, credit, refund and code, through its client. */
export async function schoolWithOrders(school: SchoolContext, prefix: string) {
  const db = await testDb(school.id);
  const username = `${prefix.toLowerCase()}.parent`;
  const parent = await db.user.create({
    data: {
      username,
      usernameKey: username,
      passwordHash: await hashPassword(TEST_PASSWORD),
      name: `${prefix} Parent`,
      role: "parent",
      email: `${username}@example.com`,
    },
  });
  const child = await db.student.create({
    data: { name: `${prefix} Child`, grade: "3", parentId: parent.id },
  });
  const meal = await db.menuItem.create({
    data: {
      name: `${prefix} Stew`,
      price: "30.00",
      type: "primary",
      weekNumbers: [1, 2, 3, 4],
      daysOfWeek: [1, 2, 3, 4, 5],
    },
  });
  const start = addDaysIso(mondayOf(schoolToday(school.timeZone)), 7);
  const cycle = await db.orderCycle.create({
    data: { startDate: parseIsoDate(start)!, cycleLength: 4, isActive: true },
  });
  const order = (dayOfWeek: number, values: Record<string, unknown>) =>
    db.order.create({
      data: {
        userId: parent.id,
        studentId: child.id,
        menuItemId: meal.id,
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek,
        originalPrice: "30.00",
        discountedPrice: "30.00",
        paymentProcessor: "DPO",
        ...values,
      },
    });
  const paid = await order(1, { status: "pending", paymentStatus: "confirmed" });
  const awaiting = await order(2, {
    status: "pending",
    paymentStatus: "pending",
    paymentProcessor: "BYPASS",
  });
  const cancelled = await order(3, { status: "cancelled", paymentStatus: "confirmed" });
  const refunded = await order(4, { status: "refunded", paymentStatus: "confirmed" });
  await db.orderRefund.create({ data: { orderId: refunded.id, method: "cash", note: "B" } });
  await db.creditEntry.create({
    data: { userId: parent.id, amount: "50.00", kind: "adjustment", reason: "B credit" },
  });
  const code = await db.discountCode.create({
    data: { code: `${prefix}CODE`, userId: parent.id, discountPercentage: 100, isActive: true },
  });
  return { parent, child, meal, cycle, paid, awaiting, cancelled, refunded, code };
}

/** Every row of B's that these routes could touch, as the database holds it. */
export async function bRowsNow(schoolId: number) {
  const db = await testDb(schoolId);
  const where = { schoolId };
  const byId = { orderBy: { id: "asc" as const } };
  return {
    users: await db.user.findMany({ where, ...byId }),
    students: await db.student.findMany({ where, ...byId }),
    menu: await db.menuItem.findMany({ where, ...byId }),
    cycles: await db.orderCycle.findMany({ where, ...byId }),
    orders: await db.order.findMany({ where, ...byId }),
    credit: await db.creditEntry.findMany({ where, ...byId }),
    refunds: await db.orderRefund.findMany({ where, ...byId }),
    codes: await db.discountCode.findMany({ where, ...byId }),
    outbox: await db.emailOutbox.findMany({ where, ...byId }),
  };
}
