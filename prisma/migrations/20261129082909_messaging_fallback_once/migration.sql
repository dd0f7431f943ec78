-- CreateIndex
CREATE UNIQUE INDEX "EmailOutbox_schoolId_fallbackOf_key" ON "EmailOutbox"("schoolId", "fallbackOf");
