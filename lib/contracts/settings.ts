// Shapes of the Settings section's calls (spec 001 §3, §7), shared by the route handlers and the
// console. The cut-off and communication shapes are the ones parents read too (lib/contracts/index.ts).

export type { CommunicationDto, CutoffTimeDto } from "@/lib/contracts";
export type { MobileMoneySettingsDto } from "@/lib/contracts/mobile-money";

/** Order reminders before the cut-off (issue 19): off by default; the time in the school's zone. */
export type ReminderSettingsDto = { enabled: boolean; hour: number; minute: number };

export type MobileMoneyAccount = { name: string; number: string };

export type BankTransferDetails = {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branchName: string;
  swiftCode: string;
};

/** GET and POST /api/settings/payment-bypass: always every field (empty text when not set). */
export type PaymentBypassSettingsDto = {
  enabled: boolean;
  airtelMoney: MobileMoneyAccount;
  mtnMoney: MobileMoneyAccount;
  bankTransfer: BankTransferDetails;
};

/**
 * GET and POST /api/settings/bank-transfer (issue 44): whether the Cart offers to order now and pay
 * later by transfer (the payment bypass's button), on by default. Off, POST
 * /api/orders?paymentMethod=alternative is refused and every meal is paid before it is ordered.
 */
export type BankTransferSettingDto = { enabled: boolean };

/**
 * GET and POST /api/settings/allergens (issue 44): the built-in allergens and the school's own, in
 * the order the forms offer them. Every signed-in account reads it (the child's and the menu
 * item's allergen boxes).
 */
export type AllergenSettingsDto = { builtIn: string[]; custom: string[] };

/** One row of GET /api/discount-codes (spec 001 §3 "Discount code"). */
export type DiscountCodeDto = {
  id: number;
  code: string;
  userId: number;
  user: { username: string };
  discountPercentage: number;
  isActive: boolean;
};

export type DiscountCodeListDto = { data: DiscountCodeDto[] };

/** GET /api/users/search?q= — parents and teachers who may be given a code. */
export type UserSearchResultDto = { id: number; username: string };
export type UserSearchListDto = { data: UserSearchResultDto[] };

/** Spec 001 §9: the user search starts at 2 characters, debounced 300 ms. */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const USER_SEARCH_LIMIT = 20;
