-- CreateEnum
CREATE TYPE "MailErasure" AS ENUM ('after_retention', 'secret', 'farewell');

-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN     "erasedAt" TIMESTAMPTZ(3),
ADD COLUMN     "erasure" "MailErasure" NOT NULL DEFAULT 'after_retention';

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "allergyConsentAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deletedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "JobRun" (
    "name" TEXT NOT NULL,
    "lastRunAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "EmailOutbox_sentAt_idx" ON "EmailOutbox"("sentAt");

-- Allergies recorded before consent was asked keep the time they were last saved as their consent
-- time: the parent entered them for the kitchen, knowingly (docs/decisions/0052-families-data.md).
UPDATE "Student" SET "allergyConsentAt" = "updatedAt"
WHERE cardinality("allergies") > 0 OR "dietaryNotes" IS NOT NULL;
