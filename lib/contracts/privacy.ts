// A family's own data (issue 26): the copy the account downloads and the deletion's answers. Pure:
// the route's shaper and the Profile Settings screen both import it.
import type { OrderDto } from "@/lib/contracts";
import type { CounterPurchaseDto } from "@/lib/contracts/counter";
import type { CreditEntryDto } from "@/lib/contracts/credit";
import type { NotificationChannels } from "@/lib/contracts/notifications";

export const ACCOUNT_EXPORT_VERSION = 1;

export type AccountExport = {
  format: "canteen-portal/account-export";
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  profile: {
    id: number;
    username: string;
    name: string;
    email: string | null;
    phone: string | null;
    role: string;
    emailVerified: boolean;
    orderReminders: boolean;
    createdAt: string;
    /** The wallet's settings (issue 47). */
    lowBalanceThreshold: string | null;
    counterReceipts: boolean;
    /** Messages beyond e-mail (issue 48): when the phone was proven (null: not proven). */
    phoneVerifiedAt: string | null;
    /** The channels chosen per kind of message, the older switches applied. */
    messageChannels: NotificationChannels;
    /** When SMS and WhatsApp were first chosen (consent), and when the number replied STOP. */
    smsConsentAt: string | null;
    whatsappConsentAt: string | null;
    smsOptedOutAt: string | null;
  };
  children: {
    id: number;
    name: string;
    grade: string;
    className: string | null;
    allergies: string[];
    dietaryNotes: string | null;
    allergyConsentAt: string | null;
    removedAt: string | null;
    createdAt: string;
    /** The child's own daily counter limit (null: the school's) and the block (issue 47). */
    counterDailyLimit: string | null;
    counterBlocked: boolean;
  }[];
  orders: OrderDto[];
  payments: {
    reference: string;
    amount: string;
    currency: string;
    method: string;
    mobileNumber: string | null;
    status: string;
    createdAt: string;
    verifiedAt: string | null;
    fulfilledAt: string | null;
  }[];
  /** Account credit: the balance and every movement, oldest first. */
  credit: { balance: string; entries: CreditEntryDto[] };
  /** What the children bought at the counter (issue 47), newest first. */
  counterPurchases: CounterPurchaseDto[];
  /** Requests to be paid out of the wallet (issue 47), oldest first, with the number to pay. */
  withdrawals: {
    amount: string;
    mobileNumber: string | null;
    status: string;
    method: string | null;
    reference: string | null;
    reason: string | null;
    createdAt: string;
    decidedAt: string | null;
  }[];
  discountCodes: { code: string; discountPercentage: number; isActive: boolean }[];
  messages: {
    name: string;
    email: string;
    text: string;
    sentAt: string;
    handledAt: string | null;
  }[];
  remindersSentFor: string[];
};

/** POST /api/account/delete's answer. */
export type AccountDeletedDto = { message: string };

export const ACCOUNT_DELETED = "Your account has been deleted";
export const WRONG_PASSWORD = "Password is incorrect";

/**
 * How long the portal keeps each kind of data: the retention job (lib/privacy/retention.ts)
 * applies these and the privacy notice (/privacy) states them, so the two never disagree.
 */
export const RETENTION = {
  /** A sign-in session is deleted when it expires. */
  sessionDays: 0,
  /** A forgot-password temporary password is deleted a day after it was used or expired. */
  resetPasswordDays: 1,
  /** Counters of failed sign-ins and resets are deleted when their window ends (every sweep). */
  rateLimitDays: 0,
  /** The text of every sent e-mail is erased after this many days; to, subject and time stay. */
  mailBodyDays: 30,
  /** An e-mail carrying a temporary password or a link is erased as soon as it is sent; if it
   * could not be sent, after this many days (the longest such link is valid for 3 days). */
  undeliveredSecretDays: 3,
  /** The note that a reminder was sent for a school day (to send at most one). */
  reminderClaimDays: 30,
  /** A phone code (hashed, with the number it went to) is deleted a day after it expired. */
  phoneCodeDays: 1,
} as const;

/** What an erased text reads: the retention job, the outbox and account deletion. */
export const ERASED_BODY = "[erased: kept no longer than needed]";
export const ERASED_RECIPIENT = "[erased]";
/** The name an erased account and its children are shown with in the school's records. */
export const DELETED_ACCOUNT = "Deleted account";
