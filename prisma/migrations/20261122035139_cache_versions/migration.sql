-- CreateTable
CREATE TABLE "CacheVersion" (
    "key" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "CacheVersion_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Order_cycleId_orderDate_id_idx" ON "Order"("cycleId", "orderDate", "id");

-- CreateIndex
CREATE INDEX "Order_cycleId_status_studentId_discountedPrice_idx" ON "Order"("cycleId", "status", "studentId", "discountedPrice");

-- The versions each instance checks before serving its in-memory copy of the menu, the settings
-- and the order cycles. A trigger on each table bumps its row in the same transaction as the write
-- (whatever code made it: an admin screen, a CSV upload, a seed, a psql session), so an instance
-- never serves a copy older than the last committed write.
-- The triggers are deferred to the commit, and each bump locks the three rows in one statement in
-- key order: a transaction takes these locks last and always in the same order, so two writers
-- (two admins creating a cycle at once) can wait for each other but never deadlock.
INSERT INTO "CacheVersion" ("key", "version") VALUES ('menu', 0), ('settings', 0), ('cycles', 0);

-- The body's semicolons are written \003B: the pg driver adapter runs a migration statement by
-- statement, split at every semicolon of the file, which would cut a function body in two.
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE "CacheVersion" SET "version" = "version" + ("key" = TG_ARGV[0])::int
  WHERE "key" IN (SELECT "key" FROM "CacheVersion" ORDER BY "key" FOR UPDATE)\003B
  RETURN NULL\003B
END
';

CREATE CONSTRAINT TRIGGER "MenuItem_bump_cache_version"
  AFTER INSERT OR UPDATE OR DELETE ON "MenuItem" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('menu');

CREATE TRIGGER "MenuItem_truncate_bump_cache_version"
  AFTER TRUNCATE ON "MenuItem" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('menu');

CREATE CONSTRAINT TRIGGER "Setting_bump_cache_version"
  AFTER INSERT OR UPDATE OR DELETE ON "Setting" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('settings');

CREATE TRIGGER "Setting_truncate_bump_cache_version"
  AFTER TRUNCATE ON "Setting" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('settings');

CREATE CONSTRAINT TRIGGER "OrderCycle_bump_cache_version"
  AFTER INSERT OR UPDATE OR DELETE ON "OrderCycle" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('cycles');

CREATE TRIGGER "OrderCycle_truncate_bump_cache_version"
  AFTER TRUNCATE ON "OrderCycle" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('cycles');
