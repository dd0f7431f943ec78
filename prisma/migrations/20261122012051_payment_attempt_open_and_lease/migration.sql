-- AlterTable
ALTER TABLE "PaymentAttempt" ADD COLUMN     "cartKey" TEXT,
ADD COLUMN     "reconcileLeaseUntil" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_one_open_per_user_key" ON "PaymentAttempt"("userId") WHERE ("transactionStatus" = 'initiated'::text);
