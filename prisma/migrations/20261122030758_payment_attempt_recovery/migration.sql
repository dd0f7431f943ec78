-- AlterTable
ALTER TABLE "PaymentAttempt" ADD COLUMN     "recoveryStatus" TEXT;

-- CreateIndex
CREATE INDEX "PaymentAttempt_recoveryStatus_createdAt_idx" ON "PaymentAttempt"("recoveryStatus", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_createdAt_idx" ON "PaymentAttempt"("createdAt");
