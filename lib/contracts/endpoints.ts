// The endpoint map: every JSON call of /api, by path and method, to the type of its answer. The
// client's api() (lib/client/api.ts) reads its answer type from here, so no call site names one;
// a path or a method not listed here does not compile. Paths with ids or a query are template
// literal types (`/api/students/${number}`); a helper that builds a path returns one of them.
// tests/unit/api-endpoints.test.ts holds each entry against what its route handler returns.
// Types only.
import type { PromotionDoneDto, PromotionPreviewDto } from "@/lib/contracts/promotion";
import type {
  InvitationAcceptedDto,
  InvitationPreviewDto,
  InvitationSentDto,
  StudentGuardiansDto,
} from "@/lib/contracts/guardians";
import type {
  RollClaimDoneDto,
  RollClaimDto,
  RollImportDoneDto,
  RollListDto,
  RollPreviewDto,
  RollReinviteDoneDto,
} from "@/lib/contracts/roll";
import type {
  CardRefundDto,
  CardRefundsDto,
  LeavingAnswer,
  LeavingFamiliesDto,
} from "@/lib/contracts/card-refunds";
import type {
  CommunicationDto,
  CutoffTimeDto,
  MenuItemDto,
  MenuValidationDto,
  MyDiscountCodeDto,
  OrderCycleDto,
  OrderDto,
  RemovedDto,
  StudentDto,
} from "@/lib/contracts";
import type { AccountCreditDto, CloseDayAnswer } from "@/lib/contracts/credit";
import type { CycleHistoryPage, CycleLengthDto, CycleOverlapCheck } from "@/lib/contracts/cycles";
import type { KitchenCycleChoice, KitchenOrders } from "@/lib/contracts/kitchen";
import type { CardCodeAnswer, CollectAnswer, UncollectedAnswer } from "@/lib/contracts/cards";
import type {
  AttemptActionAnswer,
  CheckStatusAnswer,
  FailedOrdersAnswer,
  LiveOrdersPage,
} from "@/lib/contracts/live-orders";
import type { AdminMenuItemDto, HasOrdersDto } from "@/lib/contracts/menu";
import type { MobileMoneySettingsDto, MobilePaymentAnswer } from "@/lib/contracts/mobile-money";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import type { MessagingSettingsAnswer, PhoneCodeSentDto } from "@/lib/contracts/phone-verification";
import type { ContactMessageDto, ContactMessagesPageDto } from "@/lib/contracts/messages";
import type {
  AnnouncementDetailDto,
  AnnouncementPreviewDto,
  AnnouncementSentDto,
  AnnouncementsPageDto,
} from "@/lib/contracts/announcements";
import type { SentMessagesPageDto } from "@/lib/contracts/outbox";
import type {
  CycleOrdersPage,
  OrderStatusUpdateResultDto,
  PendingPaymentsPageDto,
  RefundDto,
  RefundsPageDto,
  VerifyPaymentsResultDto,
} from "@/lib/contracts/orders";
import type {
  AttemptDto,
  CreatePaymentAnswer,
  PaymentReceiptDto,
  VerifyPaymentAnswer,
} from "@/lib/contracts/payments";
import type {
  AdminUserDto,
  DeletedAnswer,
  ParentDto,
  ParentsPage,
  SessionUser,
} from "@/lib/contracts/people";
import type { AccountDeletedDto } from "@/lib/contracts/privacy";
import type { RevenueStatsDto } from "@/lib/contracts/revenue";
import type { SettlementDto, TakingsDto, TakingsPaymentsDto } from "@/lib/contracts/takings";
import type {
  AllergenSettingsDto,
  BankTransferSettingDto,
  DiscountCodeDto,
  DiscountCodeListDto,
  PaymentBypassSettingsDto,
  ReminderSettingsDto,
  UserSearchListDto,
} from "@/lib/contracts/settings";
import type { WalletDto, WalletSettingsDto } from "@/lib/contracts/wallet";
import type {
  AdminWithdrawalDto,
  WithdrawalDto,
  WithdrawalsPageDto,
  WithdrawAnswer,
} from "@/lib/contracts/withdrawals";
import type {
  CounterItemDto,
  CounterPurchaseDto,
  CounterSaleAnswer,
  CounterSettingsDto,
  CounterStudentDto,
  CounterVoidAnswer,
  StudentCounterDto,
} from "@/lib/contracts/counter";

type Message = { message: string };
type Done = { ok: boolean; message: string };

export type ApiEndpoints = {
  // Accounts (spec 000 §7)
  "/api/login": { POST: SessionUser };
  "/api/logout": { POST: Done };
  "/api/register": { POST: SessionUser };
  "/api/auth/forgot-password": { POST: Message };
  "/api/user": { GET: SessionUser };
  "/api/user/convert-to-teacher": { POST: Done };
  "/api/profile": { PUT: SessionUser };
  // A family's own data (issue 26); the copy, GET /api/account/export, is a file download.
  "/api/account/delete": { POST: AccountDeletedDto };
  "/api/account/credit": { GET: AccountCreditDto };
  // Issue 49: GET /api/account/statement?from=&to= is a file download (a PDF), not a JSON answer;
  // a paid payment's receipt is reopened from Order History by its reference.
  [path: `/api/account/receipts/${string}`]: { GET: PaymentReceiptDto };
  // The wallet (issue 47): a top-up answers as a payment's creation does.
  "/api/account/top-up": { POST: CreatePaymentAnswer | MobilePaymentAnswer };
  "/api/account/wallet": { GET: WalletDto; PUT: WalletDto };
  // Messages beyond e-mail (issue 48): the phone's proof and the choice of channels.
  "/api/account/phone/verify": { POST: PhoneCodeSentDto };
  "/api/account/phone/confirm": { POST: NotificationsDto };
  "/api/account/notifications": { GET: NotificationsDto; PUT: NotificationsDto };
  // Withdrawals (issue 47): the request answers 201.
  "/api/account/withdraw": { POST: WithdrawAnswer };
  "/api/account/withdrawals": { GET: WithdrawalDto[] };
  "/api/contact/email": { POST: Message };
  [path: `/api/contact/messages?page=${number}`]: { GET: ContactMessagesPageDto };
  [path: `/api/contact/messages/${number}`]: { PUT: ContactMessageDto };
  // The office's announcements and the messages sent (issue 48); the send answers 201.
  "/api/announcements": { POST: AnnouncementSentDto };
  [path: `/api/announcements?page=${number}`]: { GET: AnnouncementsPageDto };
  [path: `/api/announcements/preview?${string}`]: { GET: AnnouncementPreviewDto };
  [path: `/api/announcements/${number}?page=${number}`]: { GET: AnnouncementDetailDto };
  [path: `/api/outbox?${string}`]: { GET: SentMessagesPageDto };

  // The parent's and teacher's portal
  "/api/students": { GET: StudentDto[]; POST: StudentDto };
  [path: `/api/students/${number}`]: { PUT: StudentDto; DELETE: RemovedDto };
  [path: `/api/students/${number}/care`]: { PUT: StudentDto };
  [path: `/api/students/${number}/counter`]: { PUT: StudentCounterDto };
  // A child's two guardians (issue 49)
  [path: `/api/students/${number}/guardians`]: { GET: StudentGuardiansDto; DELETE: RemovedDto };
  [path: `/api/students/${number}/guardians/invitations`]: {
    POST: InvitationSentDto;
    DELETE: { message: string };
  };
  [path: `/api/guardian-invitations/${string}`]: {
    GET: InvitationPreviewDto;
    POST: InvitationAcceptedDto;
  };

  // The counter (issue 47)
  [path: `/api/counter/students?${string}`]: { GET: CounterStudentDto[] };
  "/api/counter/items": { GET: CounterItemDto[] };
  "/api/counter/sales": { POST: CounterSaleAnswer };
  [path: `/api/counter/sales/${number}/void`]: { POST: CounterVoidAnswer };
  "/api/counter/purchases": { GET: CounterPurchaseDto[] };
  "/api/menu-items/validate": { POST: MenuValidationDto };
  "/api/orders": { GET: OrderDto[]; POST: { orders: OrderDto[] } };
  "/api/orders?includeAll=true": { GET: OrderDto[] };
  "/api/orders?unpaginated=true": { GET: { data: OrderDto[] } };
  "/api/orders?paymentMethod=alternative": { POST: { orders: OrderDto[] } };
  [path: `/api/orders/${number}/cancel`]: { POST: OrderDto };
  "/api/discounts/my-discount-code": { GET: MyDiscountCodeDto };

  // Card payments (spec 000 §4); with paymentMethod "MOBILE", a mobile-money push (issue 16)
  "/api/payments/create": { POST: CreatePaymentAnswer | MobilePaymentAnswer };
  "/api/payments/payment-attempts": { POST: AttemptDto };
  "/api/payments/payment-attempts/update": { POST: VerifyPaymentAnswer };
  [path: `/api/payments/verify/${string}`]: { POST: VerifyPaymentAnswer };
  "/api/payments/sandbox/decide": { POST: { redirectTo: string } };

  // Menu Management
  "/api/menu": { GET: MenuItemDto[]; POST: AdminMenuItemDto };
  [path: `/api/menu/${number}`]: {
    GET: AdminMenuItemDto;
    PUT: AdminMenuItemDto;
    DELETE: RemovedDto;
  };
  [path: `/api/menu/${number}/has-orders`]: { GET: HasOrdersDto };
  [path: `/api/menu/${number}/availability`]: { PATCH: AdminMenuItemDto };
  [path: `/api/menu/${number}/archive`]: { PATCH: AdminMenuItemDto };
  "/api/menu/duplicate": { POST: AdminMenuItemDto[] };
  "/api/menu/has-orders-batch": { POST: Record<string, boolean> };
  "/api/menu/bulk-archive": { POST: { updated: number } };

  // Order cycles and Cycle History
  "/api/order-cycles": { GET: OrderCycleDto[]; POST: OrderCycleDto };
  [path: `/api/order-cycles/${number}`]: { DELETE: OrderCycleDto };
  [path: `/api/order-cycles/${number}?force=true`]: { DELETE: OrderCycleDto };
  [path: `/api/order-cycles/${number}/reactivate`]: { POST: OrderCycleDto };
  [path: `/api/order-cycles/${number}/close-day`]: { POST: CloseDayAnswer };
  [path: `/api/order-cycles/${number}/close-day?${string}`]: { GET: CloseDayAnswer };
  [path: `/api/order-cycles/history?page=${number}`]: { GET: CycleHistoryPage };
  [path: `/api/order-cycles/overlap?startDate=${string}&cycleLength=${number}`]: {
    GET: CycleOverlapCheck;
  };
  [path: `/api/cycle-orders?${string}`]: { GET: CycleOrdersPage };
  "/api/orders/status": { POST: OrderStatusUpdateResultDto };

  // The kitchen (Fat Chef View)
  "/api/orders/today": { GET: KitchenOrders };
  [path: `/api/orders/today?${string}`]: { GET: KitchenOrders };
  [path: `/api/orders/week/${number}`]: { GET: KitchenOrders };
  [path: `/api/orders/week/${number}?${string}`]: { GET: KitchenOrders };
  "/api/kitchen/cycles": { GET: KitchenCycleChoice[] };
  // Handing out and the counter cards (issue 47); the cards themselves are a PDF, not in this map.
  "/api/kitchen/uncollected": { GET: UncollectedAnswer };
  [path: `/api/kitchen/uncollected?date=${string}`]: { GET: UncollectedAnswer };
  "/api/counter/collect": { POST: CollectAnswer };
  [path: `/api/students/${number}/card`]: { POST: CardCodeAnswer };

  // Live Orders and Order Recovery
  "/api/payments/live-orders": { GET: LiveOrdersPage };
  [path: `/api/payments/live-orders?${string}`]: { GET: LiveOrdersPage };
  [path: `/api/payments/orders/${number}/retry`]: { POST: AttemptActionAnswer };
  [path: `/api/payments/orders/${number}/process`]: { POST: AttemptActionAnswer };
  [path: `/api/payments/check-status/${string}`]: { POST: CheckStatusAnswer };
  [path: `/api/payments/payment-attempts/${string}/status`]: { PUT: AttemptActionAnswer };
  "/api/payments/failed-orders": { GET: FailedOrdersAnswer };
  [path: `/api/payments/failed-orders?status=${string}`]: { GET: FailedOrdersAnswer };

  // Pending Payments and Refund Management
  [path: `/api/payments/pending?page=${number}`]: { GET: PendingPaymentsPageDto };
  "/api/payments/verify": { PUT: VerifyPaymentsResultDto };
  [path: `/api/refunds?page=${number}`]: { GET: RefundsPageDto };
  [path: `/api/refunds/${number}/complete`]: { POST: RefundDto };
  "/api/refunds/withdrawals": { GET: WithdrawalsPageDto };
  [path: `/api/refunds/withdrawals?${string}`]: { GET: WithdrawalsPageDto };
  [path: `/api/refunds/withdrawals/${number}/pay`]: { POST: AdminWithdrawalDto };
  [path: `/api/refunds/withdrawals/${number}/decline`]: { POST: AdminWithdrawalDto };
  [path: `/api/refunds/${number}/card`]: { POST: CardRefundDto };
  "/api/refunds/card-refunds": { GET: CardRefundsDto };
  [path: `/api/refunds/card-refunds/${number}/retry`]: { POST: CardRefundDto };
  [path: `/api/refunds/card-refunds/${number}/by-hand`]: { POST: CardRefundDto };
  "/api/refunds/leaving": { GET: LeavingFamiliesDto; POST: LeavingAnswer };

  // Revenue Stats
  "/api/revenue/stats": { GET: RevenueStatsDto };
  [path: `/api/revenue/stats?cycleId=${string}`]: { GET: RevenueStatsDto };
  // Takings and settlement matching (issue 49)
  "/api/revenue/takings": { GET: TakingsDto };
  [path: `/api/revenue/takings?${string}`]: { GET: TakingsDto };
  [path: `/api/revenue/takings/payments?${string}`]: { GET: TakingsPaymentsDto };
  "/api/revenue/settlement": { POST: SettlementDto };

  // Admin Users, Parents & Students
  "/api/admin-users": { GET: AdminUserDto[]; POST: AdminUserDto };
  [path: `/api/admin-users/${number}/permissions`]: { PUT: AdminUserDto };
  [path: `/api/users/${number}/password`]: { PUT: Message };
  "/api/parents": { GET: ParentsPage; POST: ParentDto };
  [path: `/api/parents?${string}`]: { GET: ParentsPage };
  [path: `/api/parents/${number}`]: { PUT: ParentDto; DELETE: DeletedAnswer };
  [path: `/api/parents/${number}?force=true`]: { DELETE: DeletedAnswer };
  [path: `/api/parents/${number}/credit`]: { GET: AccountCreditDto; POST: AccountCreditDto };
  [path: `/api/parents/students/${number}`]: { PUT: StudentDto; DELETE: DeletedAnswer };
  [path: `/api/parents/students/${number}?force=true`]: { DELETE: DeletedAnswer };
  "/api/parents/students/promotion": { GET: PromotionPreviewDto; POST: PromotionDoneDto };
  "/api/parents/roll": { GET: RollListDto; POST: RollImportDoneDto };
  [path: `/api/parents/roll?${string}`]: { GET: RollListDto };
  [path: `/api/parents/roll/${number}/invite`]: { POST: RollReinviteDoneDto };
  "/api/parents/roll/preview": { POST: RollPreviewDto };
  "/api/roll/claim": { POST: RollClaimDoneDto };
  [path: `/api/roll/claim?${string}`]: { GET: RollClaimDto };

  // Settings
  "/api/settings/cutoff-time": { GET: CutoffTimeDto; POST: CutoffTimeDto };
  "/api/settings/allergens": { GET: AllergenSettingsDto; POST: AllergenSettingsDto };
  "/api/settings/payment-bypass": { GET: PaymentBypassSettingsDto; POST: PaymentBypassSettingsDto };
  "/api/settings/bank-transfer": { GET: BankTransferSettingDto; POST: BankTransferSettingDto };
  "/api/settings/communication": { GET: CommunicationDto; POST: CommunicationDto };
  "/api/settings/mobile-money": { GET: MobileMoneySettingsDto; POST: MobileMoneySettingsDto };
  "/api/settings/reminders": { GET: ReminderSettingsDto; POST: ReminderSettingsDto };
  "/api/settings/wallet": { GET: WalletSettingsDto; POST: WalletSettingsDto };
  "/api/settings/counter": { GET: CounterSettingsDto; POST: CounterSettingsDto };
  "/api/settings/messaging": { GET: MessagingSettingsAnswer; PUT: MessagingSettingsAnswer };
  "/api/settings/cycle-length": { GET: CycleLengthDto };
  "/api/discount-codes": { GET: DiscountCodeListDto; POST: DiscountCodeDto };
  [path: `/api/discount-codes/${number}`]: { PUT: DiscountCodeDto };
  [path: `/api/discounts/${number}`]: { DELETE: { id: number } };
  [path: `/api/users/search?q=${string}`]: { GET: UserSearchListDto };
};

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Every path the client may call: a literal or a template literal type. */
export type ApiPath = keyof ApiEndpoints;

/** The methods the map lists for a path. */
export type ApiMethodOf<P extends ApiPath> = keyof ApiEndpoints[P] & ApiMethod;

/** The paths that answer a GET: the ones api() may call without options. */
export type ApiGetPath = {
  [P in ApiPath]: "GET" extends ApiMethodOf<P> ? P : never;
}[ApiPath];

/** The answer of one call. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethodOf<P>> = ApiEndpoints[P][M];
