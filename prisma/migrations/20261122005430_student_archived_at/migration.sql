-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "archivedAt" TIMESTAMPTZ(3);
