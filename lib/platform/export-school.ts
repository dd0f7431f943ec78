import "server-only";
import { notFound } from "@/lib/api/errors";
import { getDb, schoolDb } from "@/lib/db";
import { SCHOOL_NOT_FOUND } from "@/lib/contracts/platform";

// A school's whole data as one JSON document (issue 45): a school that leaves takes its data with
// it. Left out: password hashes, temporary passwords, sessions, the provider's transaction tokens,
// the sandbox's own records, secret mail bodies (temporary passwords, sign-in links), rate-limit
// counters, cache versions and job claims (the platform's machinery, not the school's data). The
// school's own card provider is on its School row, not among its settings, and is not exported.

export async function exportSchool(id: number, operatorId: number) {
  const platform = await getDb();
  const school = await platform.school.findUnique({
    where: { id },
    include: { hosts: { select: { host: true } } },
  });
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const db = await schoolDb(id);
  const byId = { orderBy: { id: "asc" as const } };
  const [users, students, menuItems, cycles, orders, attempts, discountCodes, settings] =
    await Promise.all([
      db.user.findMany({ ...byId, omit: { passwordHash: true } }),
      db.student.findMany(byId),
      db.menuItem.findMany(byId),
      db.orderCycle.findMany(byId),
      db.order.findMany(byId),
      db.paymentAttempt.findMany({
        ...byId,
        omit: { transactionId: true, reconcileLeaseUntil: true },
      }),
      db.discountCode.findMany(byId),
      db.setting.findMany({ orderBy: { key: "asc" } }),
    ]);
  const [credit, refunds, payouts, mail, audit, messages, reminders] = await Promise.all([
    db.creditEntry.findMany(byId),
    db.orderRefund.findMany(byId),
    db.withdrawal.findMany(byId),
    db.emailOutbox.findMany({ ...byId, omit: { lockedUntil: true } }),
    db.auditLog.findMany(byId),
    db.contactMessage.findMany(byId),
    db.orderReminder.findMany({ orderBy: [{ userId: "asc" }, { schoolDay: "asc" }] }),
  ]);
  await platform.platformAudit.create({
    data: { operatorId, action: "school.export", targetSchoolId: id, details: {} },
  });
  return {
    format: "canteen-school-export/1",
    exportedAt: new Date().toISOString(),
    school: {
      id: school.id,
      slug: school.slug,
      name: school.name,
      hosts: school.hosts.map((h) => h.host),
      timeZone: school.timeZone,
      currency: school.currency,
      status: school.status,
      createdAt: school.createdAt.toISOString(),
    },
    users,
    students,
    menuItems,
    orderCycles: cycles,
    orders,
    paymentAttempts: attempts,
    discountCodes,
    settings,
    creditEntries: credit,
    orderRefunds: refunds,
    // Issue 47: the wallets' payouts, those still owed included.
    withdrawals: payouts,
    emailOutbox: mail.map((m) => (m.erasure === "secret" ? { ...m, text: "" } : m)),
    auditLog: audit,
    contactMessages: messages,
    orderReminders: reminders,
  };
}
