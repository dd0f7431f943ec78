-- CreateTable
CREATE TABLE "RollChild" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "rollKey" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "grade" TEXT NOT NULL,
    "className" TEXT,
    "guardian1Name" TEXT NOT NULL,
    "guardian1Email" TEXT,
    "guardian1Phone" TEXT,
    "guardian2Name" TEXT,
    "guardian2Email" TEXT,
    "guardian2Phone" TEXT,
    "studentId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RollChild_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateTable
CREATE TABLE "RollInvite" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "rollChildId" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "claimedAt" TIMESTAMPTZ(3),
    "claimedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RollInvite_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "RollChild_schoolId_studentId_idx" ON "RollChild"("schoolId", "studentId");

-- CreateIndex
CREATE INDEX "RollChild_schoolId_nameKey_idx" ON "RollChild"("schoolId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "RollChild_schoolId_rollKey_key" ON "RollChild"("schoolId", "rollKey");

-- CreateIndex
CREATE INDEX "RollInvite_schoolId_rollChildId_slot_idx" ON "RollInvite"("schoolId", "rollChildId", "slot");

-- CreateIndex
CREATE UNIQUE INDEX "RollInvite_schoolId_tokenHash_key" ON "RollInvite"("schoolId", "tokenHash");

-- AddForeignKey
ALTER TABLE "RollChild" ADD CONSTRAINT "RollChild_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "RollInvite" ADD CONSTRAINT "RollInvite_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "RollInvite" ADD CONSTRAINT "RollInvite_schoolId_rollChildId_fkey" FOREIGN KEY ("schoolId", "rollChildId") REFERENCES "RollChild"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
