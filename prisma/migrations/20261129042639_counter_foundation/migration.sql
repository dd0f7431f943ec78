-- AlterEnum
ALTER TYPE "MenuItemType" ADD VALUE 'counter';

-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "dailyCap" INTEGER;

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "cardCode" TEXT,
ADD COLUMN     "counterBlocked" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "counterDailyLimit" DECIMAL(10,2);

-- CreateTable
CREATE TABLE "ItemDayStock" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "menuItemId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "taken" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ItemDayStock_pkey" PRIMARY KEY ("schoolId","menuItemId","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "Student_schoolId_cardCode_key" ON "Student"("schoolId", "cardCode");

-- AddForeignKey
ALTER TABLE "ItemDayStock" ADD CONSTRAINT "ItemDayStock_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ItemDayStock" ADD CONSTRAINT "ItemDayStock_schoolId_menuItemId_fkey" FOREIGN KEY ("schoolId", "menuItemId") REFERENCES "MenuItem"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
