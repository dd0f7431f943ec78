-- AlterTable
ALTER TABLE "School" ADD COLUMN     "paymentCredentials" JSONB;

-- A school s own card provider moves from its Setting row to its School row (issue 46): the
-- directory of schools then reads platform tables only, which every Citus node holds a copy of,
-- instead of every school s shard. The encrypted value moves as it is (its school id is bound to
-- it, and does not change).
UPDATE "School" s SET "paymentCredentials" = g."value"
FROM "Setting" g WHERE g."schoolId" = s."id" AND g."key" = 'payment-credentials';

DELETE FROM "Setting" WHERE "key" = 'payment-credentials';
