-- Many schools (issue 45, decision 0073). Every row of an existing install belongs to the default
-- school (id 1): each school table gains "schoolId" with 1 as its value, then its default becomes
-- the session s app.school_id, which is never set, so an INSERT that forgets the school fails.
-- CreateEnum
CREATE TYPE "SchoolStatus" AS ENUM ('active', 'suspended');

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_actorId_fkey";

-- DropForeignKey
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_handledById_fkey";

-- DropForeignKey
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_userId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_adminId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_orderId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_paymentAttemptId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_userId_fkey";

-- DropForeignKey
ALTER TABLE "DiscountCode" DROP CONSTRAINT "DiscountCode_userId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_cycleId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_menuItemId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_paymentAttemptId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_studentId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_userId_fkey";

-- DropForeignKey
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_adminId_fkey";

-- DropForeignKey
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_orderId_fkey";

-- DropForeignKey
ALTER TABLE "OrderReminder" DROP CONSTRAINT "OrderReminder_userId_fkey";

-- DropForeignKey
ALTER TABLE "PaymentAttempt" DROP CONSTRAINT "PaymentAttempt_userId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_userId_fkey";

-- DropForeignKey
ALTER TABLE "Student" DROP CONSTRAINT "Student_parentId_fkey";

-- DropForeignKey
ALTER TABLE "TemporaryPassword" DROP CONSTRAINT "TemporaryPassword_userId_fkey";

-- DropIndex
DROP INDEX "AuditLog_createdAt_idx";

-- DropIndex
DROP INDEX "AuditLog_entity_entityId_idx";

-- DropIndex
DROP INDEX "ContactMessage_createdAt_idx";

-- DropIndex
DROP INDEX "ContactMessage_handledAt_idx";

-- DropIndex
DROP INDEX "CreditEntry_kind_createdAt_idx";

-- DropIndex
DROP INDEX "CreditEntry_one_credit_per_order_key";

-- DropIndex
DROP INDEX "CreditEntry_one_hold_release_per_attempt_key";

-- DropIndex
DROP INDEX "CreditEntry_userId_createdAt_idx";

-- DropIndex
DROP INDEX "DiscountCode_code_key";

-- DropIndex
DROP INDEX "DiscountCode_userId_isActive_idx";

-- DropIndex
DROP INDEX "EmailOutbox_sentAt_idx";

-- DropIndex
DROP INDEX "EmailOutbox_status_nextAttemptAt_idx";

-- DropIndex
DROP INDEX "EmailOutbox_userId_idx";

-- DropIndex
DROP INDEX "MenuItem_isArchived_isAvailable_idx";

-- DropIndex
DROP INDEX "Order_cycleId_orderDate_id_idx";

-- DropIndex
DROP INDEX "Order_cycleId_status_studentId_discountedPrice_idx";

-- DropIndex
DROP INDEX "Order_cycleId_weekNumber_dayOfWeek_status_idx";

-- DropIndex
DROP INDEX "Order_menuItemId_idx";

-- DropIndex
DROP INDEX "Order_one_live_per_student_day_key";

-- DropIndex
DROP INDEX "Order_paymentAttemptId_idx";

-- DropIndex
DROP INDEX "Order_status_paymentStatus_idx";

-- DropIndex
DROP INDEX "Order_userId_orderDate_idx";

-- DropIndex
DROP INDEX "OrderCycle_startDate_idx";

-- DropIndex
DROP INDEX "OrderRefund_orderId_key";

-- DropIndex
DROP INDEX "PaymentAttempt_createdAt_idx";

-- DropIndex
DROP INDEX "PaymentAttempt_one_open_per_user_key";

-- DropIndex
DROP INDEX "PaymentAttempt_recoveryStatus_createdAt_idx";

-- DropIndex
DROP INDEX "PaymentAttempt_status_createdAt_idx";

-- DropIndex
DROP INDEX "PaymentAttempt_transactionId_key";

-- DropIndex
DROP INDEX "PaymentAttempt_transactionRef_key";

-- DropIndex
DROP INDEX "PaymentAttempt_transactionStatus_createdAt_idx";

-- DropIndex
DROP INDEX "PaymentAttempt_userId_transactionStatus_idx";

-- DropIndex
DROP INDEX "RateLimit_expiresAt_idx";

-- DropIndex
DROP INDEX "SandboxTransaction_companyRef_key";

-- DropIndex
DROP INDEX "Session_expiresAt_idx";

-- DropIndex
DROP INDEX "Session_userId_idx";

-- DropIndex
DROP INDEX "Student_name_idx";

-- DropIndex
DROP INDEX "Student_parentId_idx";

-- DropIndex
DROP INDEX "TemporaryPassword_userId_expiresAt_idx";

-- DropIndex
DROP INDEX "User_email_idx";

-- DropIndex
DROP INDEX "User_role_idx";

-- DropIndex
DROP INDEX "User_usernameKey_key";

-- AlterTable
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "CacheVersion" DROP CONSTRAINT "CacheVersion_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "CacheVersion_pkey" PRIMARY KEY ("schoolId", "key");

-- AlterTable
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "ContactMessage_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "CreditEntry_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "DiscountCode" DROP CONSTRAINT "DiscountCode_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "EmailOutbox" DROP CONSTRAINT "EmailOutbox_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "EmailOutbox_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "JobRun" DROP CONSTRAINT "JobRun_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "JobRun_pkey" PRIMARY KEY ("schoolId", "name");

-- AlterTable
ALTER TABLE "MenuItem" DROP CONSTRAINT "MenuItem_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "MenuItem_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "Order" DROP CONSTRAINT "Order_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "Order_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "OrderCycle" DROP CONSTRAINT "OrderCycle_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "OrderCycle_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "OrderRefund_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "OrderReminder" DROP CONSTRAINT "OrderReminder_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "OrderReminder_pkey" PRIMARY KEY ("schoolId", "userId", "schoolDay");

-- AlterTable
ALTER TABLE "PaymentAttempt" DROP CONSTRAINT "PaymentAttempt_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "RateLimit" DROP CONSTRAINT "RateLimit_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("schoolId", "key");

-- AlterTable
ALTER TABLE "SandboxTransaction" DROP CONSTRAINT "SandboxTransaction_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "SandboxTransaction_pkey" PRIMARY KEY ("schoolId", "token");

-- AlterTable
ALTER TABLE "Session" DROP CONSTRAINT "Session_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "Session_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "Setting" DROP CONSTRAINT "Setting_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "Setting_pkey" PRIMARY KEY ("schoolId", "key");

-- AlterTable
ALTER TABLE "Student" DROP CONSTRAINT "Student_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "Student_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "TemporaryPassword" DROP CONSTRAINT "TemporaryPassword_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "TemporaryPassword_pkey" PRIMARY KEY ("schoolId", "id");

-- AlterTable
ALTER TABLE "User" DROP CONSTRAINT "User_pkey",
ADD COLUMN     "schoolId" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "User_pkey" PRIMARY KEY ("schoolId", "id");

-- CreateTable
CREATE TABLE "School" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'Africa/Lusaka',
    "currency" TEXT NOT NULL DEFAULT 'ZMW',
    "status" "SchoolStatus" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "School_pkey" PRIMARY KEY ("id")
);

-- The default school: the install as it was. Its host is APP_URL s (lib/schools/resolve-school.ts).
INSERT INTO "School" ("id", "slug", "name", "timeZone", "currency", "status")
VALUES (1, 'default', 'School Tuckshop', 'Africa/Lusaka', 'ZMW', 'active');
SELECT setval(pg_get_serial_sequence('"School"', 'id'), 1);

-- CreateTable
CREATE TABLE "SchoolHost" (
    "host" TEXT NOT NULL,
    "ownerId" INTEGER NOT NULL,

    CONSTRAINT "SchoolHost_pkey" PRIMARY KEY ("host")
);

-- CreateTable
CREATE TABLE "Operator" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Operator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorSession" (
    "id" TEXT NOT NULL,
    "operatorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OperatorSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlatformAudit" (
    "id" SERIAL NOT NULL,
    "operatorId" INTEGER,
    "action" TEXT NOT NULL,
    "targetSchoolId" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlatformAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "School_slug_key" ON "School"("slug");

-- CreateIndex
CREATE INDEX "SchoolHost_ownerId_idx" ON "SchoolHost"("ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "Operator_username_key" ON "Operator"("username");

-- CreateIndex
CREATE INDEX "OperatorSession_operatorId_idx" ON "OperatorSession"("operatorId");

-- CreateIndex
CREATE INDEX "OperatorSession_expiresAt_idx" ON "OperatorSession"("expiresAt");

-- CreateIndex
CREATE INDEX "PlatformAudit_createdAt_idx" ON "PlatformAudit"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_schoolId_entity_entityId_idx" ON "AuditLog"("schoolId", "entity", "entityId");

-- CreateIndex
CREATE INDEX "AuditLog_schoolId_createdAt_idx" ON "AuditLog"("schoolId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactMessage_schoolId_createdAt_idx" ON "ContactMessage"("schoolId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactMessage_schoolId_handledAt_idx" ON "ContactMessage"("schoolId", "handledAt");

-- CreateIndex
CREATE INDEX "CreditEntry_schoolId_userId_createdAt_idx" ON "CreditEntry"("schoolId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "CreditEntry_schoolId_kind_createdAt_idx" ON "CreditEntry"("schoolId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CreditEntry_one_credit_per_order_key" ON "CreditEntry"("schoolId", "orderId") WHERE (kind = ANY (ARRAY['closure'::"CreditKind", 'refund'::"CreditKind"]));

-- CreateIndex
CREATE UNIQUE INDEX "CreditEntry_one_hold_release_per_attempt_key" ON "CreditEntry"("schoolId", "paymentAttemptId", "kind") WHERE (kind = ANY (ARRAY['spent'::"CreditKind", 'released'::"CreditKind"]));

-- CreateIndex
CREATE INDEX "DiscountCode_schoolId_userId_isActive_idx" ON "DiscountCode"("schoolId", "userId", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_schoolId_code_key" ON "DiscountCode"("schoolId", "code");

-- CreateIndex
CREATE INDEX "EmailOutbox_schoolId_status_nextAttemptAt_idx" ON "EmailOutbox"("schoolId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "EmailOutbox_schoolId_sentAt_idx" ON "EmailOutbox"("schoolId", "sentAt");

-- CreateIndex
CREATE INDEX "EmailOutbox_schoolId_userId_idx" ON "EmailOutbox"("schoolId", "userId");

-- CreateIndex
CREATE INDEX "MenuItem_schoolId_isArchived_isAvailable_idx" ON "MenuItem"("schoolId", "isArchived", "isAvailable");

-- CreateIndex
CREATE INDEX "Order_schoolId_cycleId_weekNumber_dayOfWeek_status_idx" ON "Order"("schoolId", "cycleId", "weekNumber", "dayOfWeek", "status");

-- CreateIndex
CREATE INDEX "Order_schoolId_cycleId_orderDate_id_idx" ON "Order"("schoolId", "cycleId", "orderDate", "id");

-- CreateIndex
CREATE INDEX "Order_schoolId_cycleId_status_studentId_discountedPrice_idx" ON "Order"("schoolId", "cycleId", "status", "studentId", "discountedPrice");

-- CreateIndex
CREATE INDEX "Order_schoolId_userId_orderDate_idx" ON "Order"("schoolId", "userId", "orderDate");

-- CreateIndex
CREATE INDEX "Order_schoolId_menuItemId_idx" ON "Order"("schoolId", "menuItemId");

-- CreateIndex
CREATE INDEX "Order_schoolId_status_paymentStatus_idx" ON "Order"("schoolId", "status", "paymentStatus");

-- CreateIndex
CREATE INDEX "Order_schoolId_paymentAttemptId_idx" ON "Order"("schoolId", "paymentAttemptId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_one_live_per_student_day_key" ON "Order"("schoolId", "studentId", "cycleId", "weekNumber", "dayOfWeek") WHERE (status = ANY (ARRAY['pending'::"OrderStatus", 'completed'::"OrderStatus"]));

-- CreateIndex
CREATE INDEX "OrderCycle_schoolId_startDate_idx" ON "OrderCycle"("schoolId", "startDate");

-- CreateIndex
CREATE UNIQUE INDEX "OrderRefund_schoolId_orderId_key" ON "OrderRefund"("schoolId", "orderId");

-- CreateIndex
CREATE INDEX "PaymentAttempt_schoolId_userId_transactionStatus_idx" ON "PaymentAttempt"("schoolId", "userId", "transactionStatus");

-- CreateIndex
CREATE INDEX "PaymentAttempt_schoolId_transactionStatus_createdAt_idx" ON "PaymentAttempt"("schoolId", "transactionStatus", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_schoolId_status_createdAt_idx" ON "PaymentAttempt"("schoolId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_schoolId_recoveryStatus_createdAt_idx" ON "PaymentAttempt"("schoolId", "recoveryStatus", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_schoolId_createdAt_idx" ON "PaymentAttempt"("schoolId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_one_open_per_user_key" ON "PaymentAttempt"("schoolId", "userId") WHERE ("transactionStatus" = 'initiated'::text);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_schoolId_transactionId_key" ON "PaymentAttempt"("schoolId", "transactionId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_schoolId_transactionRef_key" ON "PaymentAttempt"("schoolId", "transactionRef");

-- CreateIndex
CREATE INDEX "RateLimit_schoolId_expiresAt_idx" ON "RateLimit"("schoolId", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxTransaction_schoolId_companyRef_key" ON "SandboxTransaction"("schoolId", "companyRef");

-- CreateIndex
CREATE INDEX "Session_schoolId_userId_idx" ON "Session"("schoolId", "userId");

-- CreateIndex
CREATE INDEX "Session_schoolId_expiresAt_idx" ON "Session"("schoolId", "expiresAt");

-- CreateIndex
CREATE INDEX "Student_schoolId_parentId_idx" ON "Student"("schoolId", "parentId");

-- CreateIndex
CREATE INDEX "Student_schoolId_name_idx" ON "Student"("schoolId", "name");

-- CreateIndex
CREATE INDEX "TemporaryPassword_schoolId_userId_expiresAt_idx" ON "TemporaryPassword"("schoolId", "userId", "expiresAt");

-- CreateIndex
CREATE INDEX "User_schoolId_email_idx" ON "User"("schoolId", "email");

-- CreateIndex
CREATE INDEX "User_schoolId_role_idx" ON "User"("schoolId", "role");

-- CreateIndex
CREATE UNIQUE INDEX "User_schoolId_usernameKey_key" ON "User"("schoolId", "usernameKey");

-- AddForeignKey
ALTER TABLE "SchoolHost" ADD CONSTRAINT "SchoolHost_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "School"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OperatorSession" ADD CONSTRAINT "OperatorSession_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemporaryPassword" ADD CONSTRAINT "TemporaryPassword_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemporaryPassword" ADD CONSTRAINT "TemporaryPassword_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_schoolId_parentId_fkey" FOREIGN KEY ("schoolId", "parentId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MenuItem" ADD CONSTRAINT "MenuItem_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderCycle" ADD CONSTRAINT "OrderCycle_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_studentId_fkey" FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_menuItemId_fkey" FOREIGN KEY ("schoolId", "menuItemId") REFERENCES "MenuItem"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_cycleId_fkey" FOREIGN KEY ("schoolId", "cycleId") REFERENCES "OrderCycle"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_paymentAttemptId_fkey" FOREIGN KEY ("schoolId", "paymentAttemptId") REFERENCES "PaymentAttempt"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CacheVersion" ADD CONSTRAINT "CacheVersion_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Setting" ADD CONSTRAINT "Setting_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailOutbox" ADD CONSTRAINT "EmailOutbox_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateLimit" ADD CONSTRAINT "RateLimit_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_schoolId_actorId_fkey" FOREIGN KEY ("schoolId", "actorId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SandboxTransaction" ADD CONSTRAINT "SandboxTransaction_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_handledById_fkey" FOREIGN KEY ("schoolId", "handledById") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobRun" ADD CONSTRAINT "JobRun_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_orderId_fkey" FOREIGN KEY ("schoolId", "orderId") REFERENCES "Order"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_paymentAttemptId_fkey" FOREIGN KEY ("schoolId", "paymentAttemptId") REFERENCES "PaymentAttempt"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_adminId_fkey" FOREIGN KEY ("schoolId", "adminId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_orderId_fkey" FOREIGN KEY ("schoolId", "orderId") REFERENCES "Order"("schoolId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_adminId_fkey" FOREIGN KEY ("schoolId", "adminId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- From now on a school table s row names its school, or the INSERT fails.
ALTER TABLE "AuditLog" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "CacheVersion" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "ContactMessage" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "CreditEntry" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "DiscountCode" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "EmailOutbox" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "JobRun" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "MenuItem" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "Order" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "OrderCycle" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "OrderRefund" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "OrderReminder" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "PaymentAttempt" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "RateLimit" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "SandboxTransaction" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "Session" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "Setting" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "Student" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "TemporaryPassword" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;
ALTER TABLE "User" ALTER COLUMN "schoolId" SET DEFAULT (current_setting('app.school_id'::text))::integer;

-- Cache versions are per school: a write bumps its own school s versions (the rows locked in key
-- order, as before), a TRUNCATE bumps every school s.
CREATE OR REPLACE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE s integer\003B
BEGIN
  IF TG_OP = ''TRUNCATE'' THEN
    UPDATE "CacheVersion" SET "version" = "version" + ("key" = TG_ARGV[0])::int
    WHERE ("schoolId", "key") IN
      (SELECT "schoolId", "key" FROM "CacheVersion" ORDER BY "schoolId", "key" FOR UPDATE)\003B
    RETURN NULL\003B
  END IF\003B
  IF TG_OP = ''DELETE'' THEN s := OLD."schoolId"\003B ELSE s := NEW."schoolId"\003B END IF\003B
  UPDATE "CacheVersion" SET "version" = "version" + ("key" = TG_ARGV[0])::int
  WHERE "schoolId" = s AND "key" IN
    (SELECT "key" FROM "CacheVersion" WHERE "schoolId" = s ORDER BY "key" FOR UPDATE)\003B
  RETURN NULL\003B
END
';
