-- CreateTable
CREATE TABLE "SandboxTransaction" (
    "token" TEXT NOT NULL,
    "companyRef" TEXT NOT NULL,
    "amount" DECIMAL(10,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "redirectUrl" TEXT NOT NULL,
    "backUrl" TEXT NOT NULL,
    "customer" TEXT,
    "status" TEXT NOT NULL DEFAULT 'created',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SandboxTransaction_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxTransaction_companyRef_key" ON "SandboxTransaction"("companyRef");
