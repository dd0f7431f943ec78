-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "collectedAt" TIMESTAMPTZ(3),
ADD COLUMN     "collectedBy" INTEGER;
