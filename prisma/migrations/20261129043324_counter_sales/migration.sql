-- Issue 47, the counter: a sale charged to the family wallet, once per till key, and its lines.

-- CreateTable
CREATE TABLE "CounterSale" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "studentId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "cashierId" INTEGER NOT NULL,
    "total" DECIMAL(10,2) NOT NULL,
    "day" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidedAt" TIMESTAMPTZ(3),
    "voidedById" INTEGER,

    CONSTRAINT "CounterSale_total_positive" CHECK ("total" > 0),
    CONSTRAINT "CounterSale_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateTable
CREATE TABLE "CounterSaleLine" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "saleId" INTEGER NOT NULL,
    "menuItemId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "unitPrice" DECIMAL(10,2) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "fromStock" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "CounterSaleLine_quantity_positive" CHECK ("quantity" > 0),
    CONSTRAINT "CounterSaleLine_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "CounterSale_schoolId_studentId_day_idx" ON "CounterSale"("schoolId", "studentId", "day");

-- CreateIndex
CREATE INDEX "CounterSale_schoolId_userId_createdAt_idx" ON "CounterSale"("schoolId", "userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CounterSale_schoolId_idempotencyKey_key" ON "CounterSale"("schoolId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "CounterSaleLine_schoolId_saleId_idx" ON "CounterSaleLine"("schoolId", "saleId");

-- AddForeignKey
ALTER TABLE "CounterSale" ADD CONSTRAINT "CounterSale_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CounterSale" ADD CONSTRAINT "CounterSale_schoolId_studentId_fkey" FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CounterSale" ADD CONSTRAINT "CounterSale_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CounterSaleLine" ADD CONSTRAINT "CounterSaleLine_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CounterSaleLine" ADD CONSTRAINT "CounterSaleLine_schoolId_saleId_fkey" FOREIGN KEY ("schoolId", "saleId") REFERENCES "CounterSale"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
