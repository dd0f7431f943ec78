-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "allergyAcknowledged" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "allergies" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "className" TEXT,
ADD COLUMN     "dietaryNotes" TEXT;
