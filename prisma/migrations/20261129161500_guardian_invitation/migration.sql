-- CreateTable
CREATE TABLE "GuardianInvitation" (
    "schoolId" INTEGER NOT NULL DEFAULT (current_setting('app.school_id'::text))::integer,
    "id" SERIAL NOT NULL,
    "studentId" INTEGER NOT NULL,
    "invitedById" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMPTZ(3),
    "outcome" TEXT,

    CONSTRAINT "GuardianInvitation_pkey" PRIMARY KEY ("schoolId","id")
);

-- CreateIndex
CREATE INDEX "GuardianInvitation_schoolId_studentId_idx" ON "GuardianInvitation"("schoolId", "studentId");

-- CreateIndex
CREATE UNIQUE INDEX "GuardianInvitation_schoolId_tokenHash_key" ON "GuardianInvitation"("schoolId", "tokenHash");

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_schoolId_studentId_fkey" FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_schoolId_invitedById_fkey" FOREIGN KEY ("schoolId", "invitedById") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
