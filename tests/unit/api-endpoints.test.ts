import { afterEach, describe, expect, it, jest } from "@jest/globals";
import type * as deleteAccount from "@/app/api/account/delete/route";
import type * as adminUserPermissions from "@/app/api/admin-users/[id]/permissions/route";
import type * as adminUsers from "@/app/api/admin-users/route";
import type * as accountCredit from "@/app/api/account/credit/route";
import type * as ownReceipt from "@/app/api/account/receipts/[reference]/route";
import type * as topUp from "@/app/api/account/top-up/route";
import type * as wallet from "@/app/api/account/wallet/route";
import type * as phoneVerify from "@/app/api/account/phone/verify/route";
import type * as phoneConfirm from "@/app/api/account/phone/confirm/route";
import type * as notifications from "@/app/api/account/notifications/route";
import type * as withdraw from "@/app/api/account/withdraw/route";
import type * as ownWithdrawals from "@/app/api/account/withdrawals/route";
import type * as closeDay from "@/app/api/order-cycles/[id]/close-day/route";
import type * as parentCredit from "@/app/api/parents/[id]/credit/route";
import type * as forgotPassword from "@/app/api/auth/forgot-password/route";
import type * as contactEmail from "@/app/api/contact/email/route";
import type * as contactMessage from "@/app/api/contact/messages/[id]/route";
import type * as contactMessages from "@/app/api/contact/messages/route";
import type * as announcements from "@/app/api/announcements/route";
import type * as announcementPreview from "@/app/api/announcements/preview/route";
import type * as announcement from "@/app/api/announcements/[id]/route";
import type * as outbox from "@/app/api/outbox/route";
import type * as cycleOrders from "@/app/api/cycle-orders/route";
import type * as discountCode from "@/app/api/discount-codes/[id]/route";
import type * as discountCodes from "@/app/api/discount-codes/route";
import type * as discount from "@/app/api/discounts/[id]/route";
import type * as myDiscountCode from "@/app/api/discounts/my-discount-code/route";
import type * as login from "@/app/api/login/route";
import type * as logout from "@/app/api/logout/route";
import type * as validateItems from "@/app/api/menu-items/validate/route";
import type * as menuArchive from "@/app/api/menu/[id]/archive/route";
import type * as menuAvailability from "@/app/api/menu/[id]/availability/route";
import type * as menuHasOrders from "@/app/api/menu/[id]/has-orders/route";
import type * as menuItem from "@/app/api/menu/[id]/route";
import type * as menuBulkArchive from "@/app/api/menu/bulk-archive/route";
import type * as menuDuplicate from "@/app/api/menu/duplicate/route";
import type * as menuHasOrdersBatch from "@/app/api/menu/has-orders-batch/route";
import type * as menu from "@/app/api/menu/route";
import type * as cycleReactivate from "@/app/api/order-cycles/[id]/reactivate/route";
import type * as cycle from "@/app/api/order-cycles/[id]/route";
import type * as cycleHistory from "@/app/api/order-cycles/history/route";
import type * as cycleOverlap from "@/app/api/order-cycles/overlap/route";
import type * as cycles from "@/app/api/order-cycles/route";
import type * as cancelOrder from "@/app/api/orders/[id]/cancel/route";
import type * as orders from "@/app/api/orders/route";
import type * as orderStatus from "@/app/api/orders/status/route";
import type * as kitchenToday from "@/app/api/orders/today/route";
import type * as kitchenWeek from "@/app/api/orders/week/[week]/route";
import type * as kitchenCycles from "@/app/api/kitchen/cycles/route";
import type * as uncollected from "@/app/api/kitchen/uncollected/route";
import type * as collect from "@/app/api/counter/collect/route";
import type * as studentCard from "@/app/api/students/[id]/card/route";
import type * as parent from "@/app/api/parents/[id]/route";
import type * as parents from "@/app/api/parents/route";
import type * as parentStudent from "@/app/api/parents/students/[id]/route";
import type * as promotion from "@/app/api/parents/students/promotion/route";
import type * as rollImport from "@/app/api/parents/roll/route";
import type * as rollPreview from "@/app/api/parents/roll/preview/route";
import type * as rollReinvite from "@/app/api/parents/roll/[id]/invite/route";
import type * as rollClaim from "@/app/api/roll/claim/route";
import type * as checkStatus from "@/app/api/payments/check-status/[transactionId]/route";
import type * as createPayment from "@/app/api/payments/create/route";
import type * as failedOrders from "@/app/api/payments/failed-orders/route";
import type * as liveOrders from "@/app/api/payments/live-orders/route";
import type * as processOrder from "@/app/api/payments/orders/[id]/process/route";
import type * as retryOrder from "@/app/api/payments/orders/[id]/retry/route";
import type * as attemptStatus from "@/app/api/payments/payment-attempts/[transactionId]/status/route";
import type * as attempts from "@/app/api/payments/payment-attempts/route";
import type * as attemptUpdate from "@/app/api/payments/payment-attempts/update/route";
import type * as pending from "@/app/api/payments/pending/route";
import type * as sandboxDecide from "@/app/api/payments/sandbox/decide/route";
import type * as verifyToken from "@/app/api/payments/verify/[token]/route";
import type * as verify from "@/app/api/payments/verify/route";
import type * as profile from "@/app/api/profile/route";
import type * as refundComplete from "@/app/api/refunds/[orderId]/complete/route";
import type * as refunds from "@/app/api/refunds/route";
import type * as refundCard from "@/app/api/refunds/[orderId]/card/route";
import type * as cardRefunds from "@/app/api/refunds/card-refunds/route";
import type * as cardRefundRetry from "@/app/api/refunds/card-refunds/[id]/retry/route";
import type * as cardRefundByHand from "@/app/api/refunds/card-refunds/[id]/by-hand/route";
import type * as leaving from "@/app/api/refunds/leaving/route";
import type * as withdrawals from "@/app/api/refunds/withdrawals/route";
import type * as withdrawalPay from "@/app/api/refunds/withdrawals/[id]/pay/route";
import type * as withdrawalDecline from "@/app/api/refunds/withdrawals/[id]/decline/route";
import type * as register from "@/app/api/register/route";
import type * as revenue from "@/app/api/revenue/stats/route";
import type * as takings from "@/app/api/revenue/takings/route";
import type * as takingsPayments from "@/app/api/revenue/takings/payments/route";
import type * as settlement from "@/app/api/revenue/settlement/route";
import type * as allergenSettings from "@/app/api/settings/allergens/route";
import type * as communication from "@/app/api/settings/communication/route";
import type * as cutoffTime from "@/app/api/settings/cutoff-time/route";
import type * as cycleLength from "@/app/api/settings/cycle-length/route";
import type * as mobileMoney from "@/app/api/settings/mobile-money/route";
import type * as paymentBypass from "@/app/api/settings/payment-bypass/route";
import type * as bankTransfer from "@/app/api/settings/bank-transfer/route";
import type * as reminders from "@/app/api/settings/reminders/route";
import type * as walletSettings from "@/app/api/settings/wallet/route";
import type * as student from "@/app/api/students/[id]/route";
import type * as studentCare from "@/app/api/students/[id]/care/route";
import type * as studentCounter from "@/app/api/students/[id]/counter/route";
import type * as guardians from "@/app/api/students/[id]/guardians/route";
import type * as invitations from "@/app/api/students/[id]/guardians/invitations/route";
import type * as invitation from "@/app/api/guardian-invitations/[token]/route";
import type * as counterStudents from "@/app/api/counter/students/route";
import type * as counterSales from "@/app/api/counter/sales/route";
import type * as counterItems from "@/app/api/counter/items/route";
import type * as counterVoid from "@/app/api/counter/sales/[id]/void/route";
import type * as counterPurchases from "@/app/api/counter/purchases/route";
import type * as counterSettings from "@/app/api/settings/counter/route";
import type * as messagingSettings from "@/app/api/settings/messaging/route";
import type * as students from "@/app/api/students/route";
import type * as convertToTeacher from "@/app/api/user/convert-to-teacher/route";
import type * as user from "@/app/api/user/route";
import type * as userPassword from "@/app/api/users/[id]/password/route";
import type * as userSearch from "@/app/api/users/search/route";
import type { RouteHandler } from "@/lib/api/handler";
import { api } from "@/lib/client/api";
import type { StudentDto } from "@/lib/contracts";
import type { ApiAnswer, ApiMethodOf, ApiPath } from "@/lib/contracts/endpoints";
import type { KitchenOrders } from "@/lib/contracts/kitchen";

// The endpoint map (lib/contracts/endpoints.ts) is types only: tsc, which runs over the tests, is
// what checks it. Below, every entry is held against the answer its route handler returns (as
// JSON: readonly arrays arrive as plain ones), and api() is shown to infer answers and to refuse
// paths and methods the map does not list.

/** The answer as JSON.parse gives it back. */
type Json<T> = T extends readonly (infer E)[]
  ? Json<E>[]
  : T extends object
    ? { -readonly [K in keyof T]: Json<T[K]> }
    : T;
type AnswerOf<H> = H extends RouteHandler<infer A> ? Json<A> : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;

/** The handler answers exactly what the map says for this path and method. */
type Serves<H, P extends ApiPath, M extends ApiMethodOf<P>> = Same<
  AnswerOf<H>,
  Json<ApiAnswer<P, M>>
>;
/** The handler answers by its query; the map's entry is one of its answers. */
type ServesAmong<H, P extends ApiPath, M extends ApiMethodOf<P>> = [Json<ApiAnswer<P, M>>] extends [
  AnswerOf<H>,
]
  ? true
  : false;

export type EveryEntryIsServed = [
  Expect<Serves<typeof login.POST, "/api/login", "POST">>,
  Expect<Serves<typeof logout.POST, "/api/logout", "POST">>,
  Expect<Serves<typeof register.POST, "/api/register", "POST">>,
  Expect<Serves<typeof forgotPassword.POST, "/api/auth/forgot-password", "POST">>,
  Expect<Serves<typeof user.GET, "/api/user", "GET">>,
  Expect<Serves<typeof convertToTeacher.POST, "/api/user/convert-to-teacher", "POST">>,
  Expect<Serves<typeof profile.PUT, "/api/profile", "PUT">>,
  Expect<Serves<typeof deleteAccount.POST, "/api/account/delete", "POST">>,
  Expect<Serves<typeof accountCredit.GET, "/api/account/credit", "GET">>,
  Expect<Serves<typeof ownReceipt.GET, `/api/account/receipts/${string}`, "GET">>,
  Expect<Serves<typeof topUp.POST, "/api/account/top-up", "POST">>,
  Expect<Serves<typeof wallet.GET, "/api/account/wallet", "GET">>,
  Expect<Serves<typeof wallet.PUT, "/api/account/wallet", "PUT">>,
  Expect<Serves<typeof phoneVerify.POST, "/api/account/phone/verify", "POST">>,
  Expect<Serves<typeof phoneConfirm.POST, "/api/account/phone/confirm", "POST">>,
  Expect<Serves<typeof notifications.GET, "/api/account/notifications", "GET">>,
  Expect<Serves<typeof notifications.PUT, "/api/account/notifications", "PUT">>,
  Expect<Serves<typeof withdraw.POST, "/api/account/withdraw", "POST">>,
  Expect<Serves<typeof ownWithdrawals.GET, "/api/account/withdrawals", "GET">>,
  Expect<Serves<typeof closeDay.POST, `/api/order-cycles/${number}/close-day`, "POST">>,
  Expect<Serves<typeof closeDay.GET, `/api/order-cycles/${number}/close-day?${string}`, "GET">>,
  Expect<Serves<typeof parentCredit.GET, `/api/parents/${number}/credit`, "GET">>,
  Expect<Serves<typeof parentCredit.POST, `/api/parents/${number}/credit`, "POST">>,
  Expect<Serves<typeof contactEmail.POST, "/api/contact/email", "POST">>,
  Expect<Serves<typeof contactMessages.GET, `/api/contact/messages?page=${number}`, "GET">>,
  Expect<Serves<typeof contactMessage.PUT, `/api/contact/messages/${number}`, "PUT">>,
  Expect<Serves<typeof announcements.POST, "/api/announcements", "POST">>,
  Expect<Serves<typeof announcements.GET, `/api/announcements?page=${number}`, "GET">>,
  Expect<Serves<typeof announcementPreview.GET, `/api/announcements/preview?${string}`, "GET">>,
  Expect<Serves<typeof announcement.GET, `/api/announcements/${number}?page=${number}`, "GET">>,
  Expect<Serves<typeof outbox.GET, `/api/outbox?${string}`, "GET">>,

  Expect<Serves<typeof students.GET, "/api/students", "GET">>,
  Expect<Serves<typeof students.POST, "/api/students", "POST">>,
  Expect<Serves<typeof student.PUT, `/api/students/${number}`, "PUT">>,
  Expect<Serves<typeof student.DELETE, `/api/students/${number}`, "DELETE">>,
  Expect<Serves<typeof studentCare.PUT, `/api/students/${number}/care`, "PUT">>,
  Expect<Serves<typeof studentCounter.PUT, `/api/students/${number}/counter`, "PUT">>,
  Expect<Serves<typeof guardians.GET, `/api/students/${number}/guardians`, "GET">>,
  Expect<Serves<typeof guardians.DELETE, `/api/students/${number}/guardians`, "DELETE">>,
  Expect<Serves<typeof invitations.POST, `/api/students/${number}/guardians/invitations`, "POST">>,
  Expect<
    Serves<typeof invitations.DELETE, `/api/students/${number}/guardians/invitations`, "DELETE">
  >,
  Expect<Serves<typeof invitation.GET, `/api/guardian-invitations/${string}`, "GET">>,
  Expect<Serves<typeof invitation.POST, `/api/guardian-invitations/${string}`, "POST">>,
  Expect<Serves<typeof counterStudents.GET, `/api/counter/students?${string}`, "GET">>,
  Expect<Serves<typeof counterSales.POST, "/api/counter/sales", "POST">>,
  Expect<Serves<typeof counterItems.GET, "/api/counter/items", "GET">>,
  Expect<Serves<typeof counterVoid.POST, `/api/counter/sales/${number}/void`, "POST">>,
  Expect<Serves<typeof counterPurchases.GET, "/api/counter/purchases", "GET">>,
  Expect<Serves<typeof counterSettings.GET, "/api/settings/counter", "GET">>,
  Expect<Serves<typeof counterSettings.POST, "/api/settings/counter", "POST">>,
  Expect<Serves<typeof messagingSettings.GET, "/api/settings/messaging", "GET">>,
  Expect<Serves<typeof messagingSettings.PUT, "/api/settings/messaging", "PUT">>,
  Expect<Serves<typeof validateItems.POST, "/api/menu-items/validate", "POST">>,
  Expect<ServesAmong<typeof orders.GET, "/api/orders", "GET">>,
  Expect<ServesAmong<typeof orders.GET, "/api/orders?includeAll=true", "GET">>,
  Expect<ServesAmong<typeof orders.GET, "/api/orders?unpaginated=true", "GET">>,
  Expect<Serves<typeof orders.POST, "/api/orders", "POST">>,
  Expect<Serves<typeof orders.POST, "/api/orders?paymentMethod=alternative", "POST">>,
  Expect<Serves<typeof cancelOrder.POST, `/api/orders/${number}/cancel`, "POST">>,
  Expect<Serves<typeof myDiscountCode.GET, "/api/discounts/my-discount-code", "GET">>,

  Expect<Serves<typeof createPayment.POST, "/api/payments/create", "POST">>,
  Expect<Serves<typeof attempts.POST, "/api/payments/payment-attempts", "POST">>,
  Expect<Serves<typeof attemptUpdate.POST, "/api/payments/payment-attempts/update", "POST">>,
  Expect<Serves<typeof verifyToken.POST, `/api/payments/verify/${string}`, "POST">>,
  Expect<Serves<typeof sandboxDecide.POST, "/api/payments/sandbox/decide", "POST">>,

  Expect<Serves<typeof menu.GET, "/api/menu", "GET">>,
  Expect<Serves<typeof menu.POST, "/api/menu", "POST">>,
  Expect<Serves<typeof menuItem.GET, `/api/menu/${number}`, "GET">>,
  Expect<Serves<typeof menuItem.PUT, `/api/menu/${number}`, "PUT">>,
  Expect<Serves<typeof menuItem.DELETE, `/api/menu/${number}`, "DELETE">>,
  Expect<Serves<typeof menuHasOrders.GET, `/api/menu/${number}/has-orders`, "GET">>,
  Expect<Serves<typeof menuAvailability.PATCH, `/api/menu/${number}/availability`, "PATCH">>,
  Expect<Serves<typeof menuArchive.PATCH, `/api/menu/${number}/archive`, "PATCH">>,
  Expect<Serves<typeof menuDuplicate.POST, "/api/menu/duplicate", "POST">>,
  Expect<Serves<typeof menuHasOrdersBatch.POST, "/api/menu/has-orders-batch", "POST">>,
  Expect<Serves<typeof menuBulkArchive.POST, "/api/menu/bulk-archive", "POST">>,

  Expect<Serves<typeof cycles.GET, "/api/order-cycles", "GET">>,
  Expect<Serves<typeof cycles.POST, "/api/order-cycles", "POST">>,
  Expect<Serves<typeof cycle.DELETE, `/api/order-cycles/${number}`, "DELETE">>,
  Expect<Serves<typeof cycle.DELETE, `/api/order-cycles/${number}?force=true`, "DELETE">>,
  Expect<Serves<typeof cycleReactivate.POST, `/api/order-cycles/${number}/reactivate`, "POST">>,
  Expect<Serves<typeof cycleHistory.GET, `/api/order-cycles/history?page=${number}`, "GET">>,
  Expect<
    Serves<
      typeof cycleOverlap.GET,
      `/api/order-cycles/overlap?startDate=${string}&cycleLength=${number}`,
      "GET"
    >
  >,
  Expect<Serves<typeof cycleOrders.GET, `/api/cycle-orders?${string}`, "GET">>,
  Expect<Serves<typeof orderStatus.POST, "/api/orders/status", "POST">>,

  Expect<Serves<typeof kitchenToday.GET, "/api/orders/today", "GET">>,
  Expect<Serves<typeof kitchenToday.GET, `/api/orders/today?${string}`, "GET">>,
  Expect<Serves<typeof kitchenWeek.GET, `/api/orders/week/${number}`, "GET">>,
  Expect<Serves<typeof kitchenWeek.GET, `/api/orders/week/${number}?${string}`, "GET">>,
  Expect<Serves<typeof kitchenCycles.GET, "/api/kitchen/cycles", "GET">>,
  Expect<Serves<typeof uncollected.GET, "/api/kitchen/uncollected", "GET">>,
  Expect<Serves<typeof uncollected.GET, `/api/kitchen/uncollected?date=${string}`, "GET">>,
  Expect<Serves<typeof collect.POST, "/api/counter/collect", "POST">>,
  Expect<Serves<typeof studentCard.POST, `/api/students/${number}/card`, "POST">>,

  Expect<Serves<typeof liveOrders.GET, "/api/payments/live-orders", "GET">>,
  Expect<Serves<typeof liveOrders.GET, `/api/payments/live-orders?${string}`, "GET">>,
  Expect<Serves<typeof retryOrder.POST, `/api/payments/orders/${number}/retry`, "POST">>,
  Expect<Serves<typeof processOrder.POST, `/api/payments/orders/${number}/process`, "POST">>,
  Expect<Serves<typeof checkStatus.POST, `/api/payments/check-status/${string}`, "POST">>,
  Expect<
    Serves<typeof attemptStatus.PUT, `/api/payments/payment-attempts/${string}/status`, "PUT">
  >,
  Expect<Serves<typeof failedOrders.GET, "/api/payments/failed-orders", "GET">>,
  Expect<Serves<typeof failedOrders.GET, `/api/payments/failed-orders?status=${string}`, "GET">>,

  Expect<Serves<typeof pending.GET, `/api/payments/pending?page=${number}`, "GET">>,
  Expect<Serves<typeof verify.PUT, "/api/payments/verify", "PUT">>,
  Expect<Serves<typeof refunds.GET, `/api/refunds?page=${number}`, "GET">>,
  Expect<Serves<typeof refundComplete.POST, `/api/refunds/${number}/complete`, "POST">>,
  Expect<Serves<typeof withdrawals.GET, "/api/refunds/withdrawals", "GET">>,
  Expect<Serves<typeof withdrawals.GET, `/api/refunds/withdrawals?${string}`, "GET">>,
  Expect<Serves<typeof withdrawalPay.POST, `/api/refunds/withdrawals/${number}/pay`, "POST">>,
  Expect<
    Serves<typeof withdrawalDecline.POST, `/api/refunds/withdrawals/${number}/decline`, "POST">
  >,
  Expect<Serves<typeof refundCard.POST, `/api/refunds/${number}/card`, "POST">>,
  Expect<Serves<typeof cardRefunds.GET, "/api/refunds/card-refunds", "GET">>,
  Expect<Serves<typeof cardRefundRetry.POST, `/api/refunds/card-refunds/${number}/retry`, "POST">>,
  Expect<
    Serves<typeof cardRefundByHand.POST, `/api/refunds/card-refunds/${number}/by-hand`, "POST">
  >,
  Expect<Serves<typeof leaving.GET, "/api/refunds/leaving", "GET">>,
  Expect<Serves<typeof leaving.POST, "/api/refunds/leaving", "POST">>,
  Expect<Serves<typeof revenue.GET, "/api/revenue/stats", "GET">>,
  Expect<Serves<typeof revenue.GET, `/api/revenue/stats?cycleId=${string}`, "GET">>,
  Expect<Serves<typeof takings.GET, "/api/revenue/takings", "GET">>,
  Expect<Serves<typeof takings.GET, `/api/revenue/takings?${string}`, "GET">>,
  Expect<Serves<typeof takingsPayments.GET, `/api/revenue/takings/payments?${string}`, "GET">>,
  Expect<Serves<typeof settlement.POST, "/api/revenue/settlement", "POST">>,

  Expect<Serves<typeof adminUsers.GET, "/api/admin-users", "GET">>,
  Expect<Serves<typeof adminUsers.POST, "/api/admin-users", "POST">>,
  Expect<Serves<typeof adminUserPermissions.PUT, `/api/admin-users/${number}/permissions`, "PUT">>,
  Expect<Serves<typeof userPassword.PUT, `/api/users/${number}/password`, "PUT">>,
  Expect<Serves<typeof parents.GET, "/api/parents", "GET">>,
  Expect<Serves<typeof parents.POST, "/api/parents", "POST">>,
  Expect<Serves<typeof parents.GET, `/api/parents?${string}`, "GET">>,
  Expect<Serves<typeof parent.PUT, `/api/parents/${number}`, "PUT">>,
  Expect<Serves<typeof parent.DELETE, `/api/parents/${number}`, "DELETE">>,
  Expect<Serves<typeof parent.DELETE, `/api/parents/${number}?force=true`, "DELETE">>,
  Expect<Serves<typeof parentStudent.DELETE, `/api/parents/students/${number}`, "DELETE">>,
  Expect<Serves<typeof parentStudent.PUT, `/api/parents/students/${number}`, "PUT">>,
  Expect<Serves<typeof promotion.GET, "/api/parents/students/promotion", "GET">>,
  Expect<Serves<typeof promotion.POST, "/api/parents/students/promotion", "POST">>,
  Expect<Serves<typeof rollImport.POST, "/api/parents/roll", "POST">>,
  Expect<Serves<typeof rollImport.GET, "/api/parents/roll", "GET">>,
  Expect<Serves<typeof rollImport.GET, `/api/parents/roll?${string}`, "GET">>,
  Expect<Serves<typeof rollReinvite.POST, `/api/parents/roll/${number}/invite`, "POST">>,
  Expect<Serves<typeof rollPreview.POST, "/api/parents/roll/preview", "POST">>,
  Expect<Serves<typeof rollClaim.POST, "/api/roll/claim", "POST">>,
  Expect<Serves<typeof rollClaim.GET, `/api/roll/claim?${string}`, "GET">>,
  Expect<
    Serves<typeof parentStudent.DELETE, `/api/parents/students/${number}?force=true`, "DELETE">
  >,

  Expect<Serves<typeof cutoffTime.GET, "/api/settings/cutoff-time", "GET">>,
  Expect<Serves<typeof cutoffTime.POST, "/api/settings/cutoff-time", "POST">>,
  Expect<Serves<typeof allergenSettings.GET, "/api/settings/allergens", "GET">>,
  Expect<Serves<typeof allergenSettings.POST, "/api/settings/allergens", "POST">>,
  Expect<Serves<typeof paymentBypass.GET, "/api/settings/payment-bypass", "GET">>,
  Expect<Serves<typeof paymentBypass.POST, "/api/settings/payment-bypass", "POST">>,
  Expect<Serves<typeof bankTransfer.GET, "/api/settings/bank-transfer", "GET">>,
  Expect<Serves<typeof bankTransfer.POST, "/api/settings/bank-transfer", "POST">>,
  Expect<Serves<typeof walletSettings.GET, "/api/settings/wallet", "GET">>,
  Expect<Serves<typeof walletSettings.POST, "/api/settings/wallet", "POST">>,
  Expect<Serves<typeof communication.GET, "/api/settings/communication", "GET">>,
  Expect<Serves<typeof communication.POST, "/api/settings/communication", "POST">>,
  Expect<Serves<typeof mobileMoney.GET, "/api/settings/mobile-money", "GET">>,
  Expect<Serves<typeof mobileMoney.POST, "/api/settings/mobile-money", "POST">>,
  Expect<Serves<typeof reminders.GET, "/api/settings/reminders", "GET">>,
  Expect<Serves<typeof reminders.POST, "/api/settings/reminders", "POST">>,
  Expect<Serves<typeof cycleLength.GET, "/api/settings/cycle-length", "GET">>,
  Expect<Serves<typeof discountCodes.GET, "/api/discount-codes", "GET">>,
  Expect<Serves<typeof discountCodes.POST, "/api/discount-codes", "POST">>,
  Expect<Serves<typeof discountCode.PUT, `/api/discount-codes/${number}`, "PUT">>,
  Expect<Serves<typeof discount.DELETE, `/api/discounts/${number}`, "DELETE">>,
  Expect<Serves<typeof userSearch.GET, `/api/users/search?q=${string}`, "GET">>,
];

describe("api()", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function answering(body: unknown) {
    const fetch = jest.fn(async (_path: string, _init?: RequestInit) => Response.json(body));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    return fetch;
  }

  it("infers the answer from the path and the method", async () => {
    const student: StudentDto = {
      id: 7,
      name: "Chipo",
      grade: "3",
      parentId: 2,
      parent_id: 2,
      isStaff: false,
      allergies: [],
      dietaryNotes: null,
      className: null,
    };
    const fetch = answering([student]);
    const list = await api("/api/students");
    expect(list[0]?.name).toBe("Chipo");
    expect(fetch).toHaveBeenCalledWith("/api/students", expect.objectContaining({ method: "GET" }));

    answering(student);
    const id: number = 7;
    const saved = await api(`/api/students/${id}`, { method: "PUT", body: { name: "Chipo" } });
    const inferred: Same<typeof saved, StudentDto> = true;
    expect(inferred && saved.parentId).toBe(2);
  });

  it("reads a path that a helper built as a template literal type", async () => {
    answering({ data: [], metadata: {}, cycle: null, portions: [] });
    const week = (n: number) => `/api/orders/week/${n}?page=1&pageSize=100` as const;
    const answer = await api(week(2));
    const inferred: Same<typeof answer, KitchenOrders> = true;
    expect(inferred && answer.cycle).toBeNull();
  });

  it("refuses, at compile time, a path or a method the map does not list", async () => {
    answering({});
    // @ts-expect-error: no such endpoint
    await api("/api/nothing-here");
    // @ts-expect-error: /api/students/{id} has no GET
    await api("/api/students/7");
    // @ts-expect-error: /api/menu answers GET and POST only
    await api("/api/menu", { method: "DELETE" });
    // @ts-expect-error: an id is a number
    await api("/api/students/abc", { method: "PUT", body: {} });
    expect(globalThis.fetch).toHaveBeenCalledTimes(4);
  });
});
