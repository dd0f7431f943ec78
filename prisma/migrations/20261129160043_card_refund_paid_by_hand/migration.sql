-- AlterTable
ALTER TABLE "CardRefund" ADD COLUMN     "answers" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "paidByHandAt" TIMESTAMPTZ(3);


-- Issue 49: a card refund DPO will not make can be paid back by hand instead
ALTER TABLE "CardRefund" DROP CONSTRAINT "CardRefund_status_check";
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_status_check" CHECK ("status" IN ('pending', 'refunded', 'paid_by_hand'));
