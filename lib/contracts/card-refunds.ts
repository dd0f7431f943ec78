// Card refunds through DPO's refundToken (issue 49, decision 0115): an order's refund to the card
// it was paid with, and a family leaving the school with its whole credit given back.

/** paid_by_hand: DPO would not make it, and the office paid it back another way instead. */
export const CARD_REFUND_STATUSES = ["pending", "refunded", "paid_by_hand"] as const;
export type CardRefundStatus = (typeof CARD_REFUND_STATUSES)[number];

export const CARD_REFUND_NOT_FOUND = "Card refund not found";
export const NOT_A_CARD_PAYMENT = "This order was not paid by card: record its refund by hand";
export const OVER_REFUND = "That is more than is left to refund on this payment";
export const CARD_REFUND_UNDER_WAY = "A card refund is already under way for this order";
export const CARD_REFUND_BUSY = "This refund is being sent to DPO or is already done";
export const CARD_REFUND_PENDING_FOR_ORDER =
  "A card refund through DPO is pending for this order: retry it instead";
export const NO_CREDIT_TO_GIVE_BACK = "This family has no credit to give back";
export const FAMILY_NOT_FOUND = "Family not found";
/** Kept on a refund paid by hand when DPO's late answer says it refunded the card too. */
export const DPO_REFUNDED_AFTER_BY_HAND =
  "DPO refunded this card too, after it was paid by hand: the family was paid twice";
export const PART_REFUND_NOT_BY_HAND =
  "Only a card refund of what the order is owed can be paid by hand instead: retry this one with DPO";
export const CARD_REFUND_NOT_PENDING = "This refund is no longer waiting for DPO";
export const CHECK_DPO_FIRST =
  "DPO never answered this refund: check in DPO's portal that it was not made, then confirm";
export const NOT_BY_CREDIT_WHEN_LEAVING =
  "A family leaving is paid back by cash, mobile money, bank transfer or in DPO's portal";
/** The explanation kept when DPO gave no answer (a time-out, the network). */
export const NO_ANSWER_FROM_DPO =
  "No answer from DPO: it may or may not have refunded. Check DPO's portal before retrying.";

/** One refund to a card through DPO, as Refund Management shows it. */
export type CardRefundDto = {
  id: number;
  /** The order refunded, or null when the family left the school. */
  orderId: number | null;
  family: { id: number; name: string };
  /** 2 decimals. */
  amount: string;
  status: CardRefundStatus;
  /** How many times DPO was called for it. */
  calls: number;
  /** How many of those calls DPO never answered: it may have refunded (check its portal). */
  unansweredCalls: number;
  /** DPO's last Result (000, 999 …), or null when no answer came. */
  resultCode: string | null;
  /** DPO's ResultExplanation, or why no answer came (NO_ANSWER_FROM_DPO). */
  explanation: string | null;
  answeredAt: string | null;
  refundedAt: string | null;
  /** When the office paid it back by hand instead of through DPO. */
  paidByHandAt: string | null;
  createdAt: string;
};

/** GET /api/refunds/card-refunds: pending first, then the latest settled, at most 50. */
export type CardRefundsDto = { data: CardRefundDto[] };

/** On a Refund Management row paid by card: what is left to refund, and its DPO refund if any. */
export type RefundCardInfo = {
  /** What the card payment has left to refund (paid less pending and refunded), 2 decimals. */
  refundable: string;
  /** The order's refund through DPO, if one was started. */
  cardRefund: Pick<CardRefundDto, "id" | "status" | "resultCode" | "explanation"> | null;
};

/** GET /api/refunds/leaving: families with credit, and how it would go back. */
export type LeavingFamilyDto = {
  id: number;
  name: string;
  email: string | null;
  /** The whole credit, 2 decimals. */
  balance: string;
  /** The part going back to cards through DPO. */
  byCard: string;
  /** The part the office pays back by hand. */
  byHand: string;
};
export type LeavingFamiliesDto = { data: LeavingFamilyDto[] };

/** POST /api/refunds/leaving: the credit given back, its card refunds as DPO answered them. */
export type LeavingAnswer = {
  familyId: number;
  refunded: string;
  byCard: string;
  byHand: string;
  cardRefunds: CardRefundDto[];
};
