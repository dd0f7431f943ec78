-- CreateTable
CREATE TABLE "CardRefund" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "paymentAttemptId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "orderId" INTEGER,
    "amount" DECIMAL(10,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "calls" INTEGER NOT NULL DEFAULT 0,
    "callingUntil" TIMESTAMPTZ(3),
    "resultCode" TEXT,
    "explanation" TEXT,
    "answeredAt" TIMESTAMPTZ(3),
    "refundedAt" TIMESTAMPTZ(3),
    "adminId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardRefund_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "CardRefund_schoolId_paymentAttemptId_idx" ON "CardRefund"("schoolId", "paymentAttemptId");

-- CreateIndex
CREATE INDEX "CardRefund_schoolId_status_createdAt_idx" ON "CardRefund"("schoolId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "CardRefund_schoolId_userId_idx" ON "CardRefund"("schoolId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "CardRefund_schoolId_orderId_key" ON "CardRefund"("schoolId", "orderId");

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_schoolId_paymentAttemptId_fkey" FOREIGN KEY ("schoolId", "paymentAttemptId") REFERENCES "PaymentAttempt"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_schoolId_orderId_fkey" FOREIGN KEY ("schoolId", "orderId") REFERENCES "Order"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_schoolId_adminId_fkey" FOREIGN KEY ("schoolId", "adminId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Issue 49: a card refund is pending or refunded, and never of nothing
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_status_check" CHECK ("status" IN ('pending', 'refunded'));
ALTER TABLE "CardRefund" ADD CONSTRAINT "CardRefund_amount_check" CHECK ("amount" > 0);
