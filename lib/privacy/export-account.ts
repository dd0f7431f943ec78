import "server-only";
import { sessionUserSelect, type SessionUser } from "@/lib/auth/session";
import { creditDescription } from "@/lib/contracts/credit";
import { ACCOUNT_EXPORT_VERSION, type AccountExport } from "@/lib/contracts/privacy";
import { signedNgwee } from "@/lib/credit/ledger";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { orderSelect, toOrderDto } from "@/lib/orders/order-dto";
import { fromNgwee } from "@/lib/money";
import { schoolToday, toIsoDate } from "@/lib/school-calendar";
import { idKey } from "@/lib/schools/keys";
import { listCounterPurchases } from "@/lib/counter/purchases";
import { thresholdOf } from "@/lib/credit/low-balance";
import { notificationColumns } from "@/lib/messaging/account-notifications";
import { chosenChannels } from "@/lib/messaging/choices";
import { guardedBy } from "@/lib/students/guardianship";

// A copy of my data (issue 26): everything the portal keeps about the signed-in account, read
// only by the account's own id at its own school (issue 45), and never a password hash, a
// temporary password or a session.

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function exportAccount(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  now = new Date(),
): Promise<AccountExport> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const userId = actor.id;
  const [
    user,
    children,
    orders,
    payments,
    credit,
    discountCodes,
    messages,
    reminders,
    payouts,
    counterPurchases,
  ] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: idKey(schoolId, userId),
      select: {
        ...sessionUserSelect,
        createdAt: true,
        lowBalanceThreshold: true,
        // The phone's proof, the channels and the consents (issue 48; counterReceipts too).
        ...notificationColumns,
      },
    }),
    // Issue 49: the children the account is the first or the second guardian of.
    db.student.findMany({ where: { schoolId, ...guardedBy(userId) }, orderBy: { id: "asc" } }),
    db.order.findMany({
      where: { schoolId, userId },
      select: orderSelect,
      orderBy: { id: "asc" },
    }),
    db.paymentAttempt.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } }),
    db.creditEntry.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } }),
    db.discountCode.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } }),
    db.contactMessage.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } }),
    db.orderReminder.findMany({ where: { schoolId, userId }, orderBy: { schoolDay: "asc" } }),
    db.withdrawal.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } }),
    listCounterPurchases(school, actor, true),
  ]);
  return {
    format: "canteen-portal/account-export",
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      emailVerified: user.emailVerifiedAt !== null,
      orderReminders: user.orderReminders,
      createdAt: user.createdAt.toISOString(),
      lowBalanceThreshold: thresholdOf(user.lowBalanceThreshold),
      counterReceipts: user.counterReceipts,
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      messageChannels: chosenChannels(user),
      smsConsentAt: iso(user.smsConsentAt),
      whatsappConsentAt: iso(user.whatsappConsentAt),
      smsOptedOutAt: iso(user.smsOptedOutAt),
    },
    children: children.map((child) => ({
      id: child.id,
      name: child.name,
      grade: child.grade,
      className: child.className,
      allergies: child.allergies,
      dietaryNotes: child.dietaryNotes,
      allergyConsentAt: iso(child.allergyConsentAt),
      removedAt: iso(child.archivedAt),
      createdAt: child.createdAt.toISOString(),
      counterDailyLimit: child.counterDailyLimit?.toFixed(2) ?? null,
      counterBlocked: child.counterBlocked,
    })),
    orders: orders.map(toOrderDto),
    payments: payments.map((attempt) => ({
      reference: attempt.transactionRef,
      amount: attempt.paymentAmount.toFixed(2),
      currency: attempt.currency,
      method: attempt.paymentMethod,
      mobileNumber: attempt.mobileNumber,
      status: attempt.transactionStatus,
      createdAt: attempt.createdAt.toISOString(),
      verifiedAt: iso(attempt.verifiedAt),
      fulfilledAt: iso(attempt.fulfilledAt),
    })),
    credit: {
      balance: fromNgwee(
        credit.reduce((sum, entry) => sum + signedNgwee(entry.amount.toFixed(2)), 0),
      ),
      entries: credit.map((entry) => ({
        id: entry.id,
        amount: entry.amount.toFixed(2),
        kind: entry.kind,
        description: creditDescription(entry.kind, entry.reason),
        createdAt: entry.createdAt.toISOString(),
      })),
    },
    counterPurchases,
    withdrawals: payouts.map((row) => ({
      amount: row.amount.toFixed(2),
      mobileNumber: row.mobileNumber,
      status: row.status,
      method: row.method,
      reference: row.reference,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: iso(row.decidedAt),
    })),
    discountCodes: discountCodes.map((code) => ({
      code: code.code,
      discountPercentage: code.discountPercentage,
      isActive: code.isActive,
    })),
    messages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      text: message.text,
      sentAt: message.createdAt.toISOString(),
      handledAt: iso(message.handledAt),
    })),
    remindersSentFor: reminders.map((reminder) => toIsoDate(reminder.schoolDay)),
  };
}

/** The download: one JSON file named with the school's date. */
export async function accountExportResponse(
  school: SchoolContext,
  actor: SessionUser,
): Promise<Response> {
  const data = await exportAccount(school, actor);
  const day = schoolToday(school.timeZone);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-canteen-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
