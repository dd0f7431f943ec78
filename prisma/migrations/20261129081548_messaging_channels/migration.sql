-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('email', 'sms', 'whatsapp');

-- AlterEnum
ALTER TYPE "OutboxStatus" ADD VALUE 'delivered';

-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN     "announcementId" INTEGER,
ADD COLUMN     "channel" "MessageChannel" NOT NULL DEFAULT 'email',
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3),
ADD COLUMN     "fallbackOf" INTEGER,
ADD COLUMN     "kind" TEXT,
ADD COLUMN     "providerMessageId" TEXT,
ADD COLUMN     "template" JSONB;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "notificationChannels" JSONB,
ADD COLUMN     "phoneVerifiedAt" TIMESTAMPTZ(3),
ADD COLUMN     "smsConsentAt" TIMESTAMPTZ(3),
ADD COLUMN     "smsOptedOutAt" TIMESTAMPTZ(3),
ADD COLUMN     "whatsappConsentAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "PhoneVerification" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhoneVerification_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateTable
CREATE TABLE "Announcement" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "audience" JSONB NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "PhoneVerification_schoolId_userId_createdAt_idx" ON "PhoneVerification"("schoolId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "PhoneVerification_schoolId_phone_createdAt_idx" ON "PhoneVerification"("schoolId", "phone", "createdAt");

-- CreateIndex
CREATE INDEX "Announcement_schoolId_createdAt_idx" ON "Announcement"("schoolId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailOutbox_providerMessageId_idx" ON "EmailOutbox"("providerMessageId");

-- CreateIndex
CREATE INDEX "EmailOutbox_schoolId_announcementId_idx" ON "EmailOutbox"("schoolId", "announcementId");

-- AddForeignKey
ALTER TABLE "PhoneVerification" ADD CONSTRAINT "PhoneVerification_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PhoneVerification" ADD CONSTRAINT "PhoneVerification_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_schoolId_createdById_fkey" FOREIGN KEY ("schoolId", "createdById") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
