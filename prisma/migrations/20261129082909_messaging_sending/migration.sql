-- Sending SMS and WhatsApp (issue 48, decision 0109).

-- One SMS fallback per WhatsApp row, whatever reports it: the last guard under the row lock.
-- CreateIndex
CREATE UNIQUE INDEX "EmailOutbox_schoolId_fallbackOf_key" ON "EmailOutbox"("schoolId", "fallbackOf");

-- The new enum read as text through an IMMUTABLE function, as every enum is (migration
-- enum_text_casts): Prisma writes "channel"::text in the RETURNING of every write of the outbox,
-- and Citus refuses a write whose RETURNING calls a function that is not IMMUTABLE.
CREATE FUNCTION "MessageChannel_text"("MessageChannel") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("MessageChannel" AS text) WITH FUNCTION "MessageChannel_text"("MessageChannel");
