-- AlterTable
ALTER TABLE "PaymentAttempt" ADD COLUMN     "mobileNumber" TEXT,
ADD COLUMN     "mobileOperator" TEXT,
ADD COLUMN     "paymentMethod" TEXT NOT NULL DEFAULT 'CARD';

-- AlterTable
ALTER TABLE "SandboxTransaction" ADD COLUMN     "mno" TEXT,
ADD COLUMN     "mobileNumber" TEXT,
ADD COLUMN     "pushedAt" TIMESTAMPTZ(3);
