-- AlterTable
ALTER TABLE "User" ADD COLUMN     "orderReminders" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "OrderReminder" (
    "userId" INTEGER NOT NULL,
    "schoolDay" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderReminder_pkey" PRIMARY KEY ("userId","schoolDay")
);

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
