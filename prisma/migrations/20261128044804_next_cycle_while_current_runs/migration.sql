-- DropIndex
DROP INDEX "OrderCycle_one_active_key";

-- AlterTable
ALTER TABLE "OrderCycle" ADD COLUMN     "orderingOpensAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
