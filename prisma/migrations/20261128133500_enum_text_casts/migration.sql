-- Reading an enum column as text (Prisma writes "status"::text in every RETURNING) goes through
-- enum_out, which PostgreSQL marks STABLE: Citus refuses a write whose RETURNING calls a function
-- that is not IMMUTABLE, so on a distributed database every INSERT or UPDATE of a table with an
-- enum failed (issue 46). An explicit cast per enum, through a function declared IMMUTABLE, is
-- used instead: a label always reads as the same text (labels are only ever added). The same
-- answer on PostgreSQL and PGlite, and Citus accepts it.

CREATE FUNCTION "Role_text"("Role") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("Role" AS text) WITH FUNCTION "Role_text"("Role");

CREATE FUNCTION "MenuItemType_text"("MenuItemType") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("MenuItemType" AS text) WITH FUNCTION "MenuItemType_text"("MenuItemType");

CREATE FUNCTION "OrderStatus_text"("OrderStatus") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("OrderStatus" AS text) WITH FUNCTION "OrderStatus_text"("OrderStatus");

CREATE FUNCTION "PaymentStatus_text"("PaymentStatus") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("PaymentStatus" AS text) WITH FUNCTION "PaymentStatus_text"("PaymentStatus");

CREATE FUNCTION "CreditKind_text"("CreditKind") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("CreditKind" AS text) WITH FUNCTION "CreditKind_text"("CreditKind");

CREATE FUNCTION "OutboxStatus_text"("OutboxStatus") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("OutboxStatus" AS text) WITH FUNCTION "OutboxStatus_text"("OutboxStatus");

CREATE FUNCTION "SchoolStatus_text"("SchoolStatus") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("SchoolStatus" AS text) WITH FUNCTION "SchoolStatus_text"("SchoolStatus");

CREATE FUNCTION "MailErasure_text"("MailErasure") RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS 'SELECT textin(enum_out($1))';
CREATE CAST ("MailErasure" AS text) WITH FUNCTION "MailErasure_text"("MailErasure");
