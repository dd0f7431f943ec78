-- Usernames are compared by their NFKC form in lower case (lib/users/username.ts: usernameKey), so
-- a full-width or compatibility look-alike of a name is the same name. Existing rows get the new
-- key here, computed by the same expression. Where two rows would share a new key, the older row
-- (lowest id) takes it and the newer one keeps its old key, so the migration never fails on a
-- collision, and an administrator renames such an account (docs/decisions/0004-username-keys.md).
-- Running it again changes nothing.
WITH keyed AS (
  SELECT "id",
         lower(normalize(btrim("username"), NFKC)) AS "key",
         row_number() OVER (PARTITION BY lower(normalize(btrim("username"), NFKC)) ORDER BY "id") AS "rank"
  FROM "User"
)
UPDATE "User" AS u
SET "usernameKey" = keyed."key"
FROM keyed
WHERE u."id" = keyed."id"
  AND keyed."rank" = 1
  AND u."usernameKey" <> keyed."key"
  AND NOT EXISTS (
    SELECT 1 FROM "User" AS other WHERE other."id" <> u."id" AND other."usernameKey" = keyed."key"
  );
