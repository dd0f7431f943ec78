-- CreateTable
CREATE TABLE "Withdrawal" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "mobileNumber" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "method" TEXT,
    "reference" TEXT,
    "reason" TEXT,
    "decidedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "Withdrawal_schoolId_status_createdAt_idx" ON "Withdrawal"("schoolId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Withdrawal_schoolId_userId_createdAt_idx" ON "Withdrawal"("schoolId", "userId", "createdAt");

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_schoolId_decidedById_fkey" FOREIGN KEY ("schoolId", "decidedById") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- A request is for a positive amount and is in one of three states (WITHDRAWAL_STATUSES)
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_status_check" CHECK ("status" IN ('pending', 'paid', 'declined'));
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_amount_check" CHECK ("amount" > 0);
