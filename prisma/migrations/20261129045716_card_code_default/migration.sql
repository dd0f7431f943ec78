-- Issue 47: every child has a counter card code from the day it is added, so printing the cards
-- (GET /api/kitchen/student-cards) only reads. Twelve symbols of the card alphabet (no 0 O 1 I L U,
-- lib/contracts/cards.ts), each from two random bytes of gen_random_uuid (the operating system
-- source behind pg_strong_random), skipping the bytes that hold the version and the variant.
-- The body semicolons are written \003B: the pg driver adapter splits a migration at each one.
CREATE FUNCTION "new_card_code"() RETURNS text LANGUAGE sql VOLATILE PARALLEL SAFE AS U&'
  SELECT string_agg(
           substr(''23456789ABCDEFGHJKMNPQRSTVWXYZ'',
                  1 + ((get_byte(r.b, i) * 256 + get_byte(r.b, i + 1)) % 30), 1),
           '''' ORDER BY n)
  FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS b) AS r,
       unnest(ARRAY[0, 2, 4, 9, 11, 13, 16, 18, 20, 25, 27, 29]) WITH ORDINALITY AS p(i, n)
';

-- AlterTable
ALTER TABLE "Student" ALTER COLUMN "cardCode" SET DEFAULT new_card_code();

-- The children already there get theirs one row at a time: each UPDATE names its school and row
-- and sets a value computed before it, as a distributed table asks.
DO U&'
DECLARE
  r record\003B
  code text\003B
BEGIN
  FOR r IN SELECT "schoolId", "id" FROM "Student" WHERE "cardCode" IS NULL LOOP
    code := "new_card_code"()\003B
    UPDATE "Student" SET "cardCode" = code
    WHERE "schoolId" = r."schoolId" AND "id" = r."id"\003B
  END LOOP\003B
END
';
