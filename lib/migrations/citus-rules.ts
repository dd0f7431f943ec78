// The rules of Citus's row-based sharding, read from the database catalog (issue 45, decision
// 0073). A school table is distributed by "schoolId" and co-located with every other: its primary
// key, unique constraints and foreign keys to other school tables must include the column, its
// indexes lead with it, and the column has one type everywhere. A platform table (a Citus
// reference table) has no "schoolId" and never points at a school table. Pure but for the query
// function, so PGlite and PostgreSQL run the same check.

export const DISTRIBUTION_COLUMN = "schoolId";

/** Runs a catalog query; `$1` is the schema. */
export type CatalogQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

type Column = { table: string; column: string; type: string; notNull: boolean };
type Constraint = {
  table: string;
  name: string;
  kind: "p" | "u" | "f";
  columns: string[];
  refTable: string | null;
  refColumns: string[] | null;
  onDelete: string;
  onUpdate: string;
};
type Index = { table: string; name: string; columns: string[]; unique: boolean };

const COLUMNS = `
  SELECT c.relname AS "table", a.attname AS "column",
         format_type(a.atttypid, a.atttypmod) AS "type", a.attnotnull AS "notNull"
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`;

const CONSTRAINTS = `
  SELECT c.relname AS "table", k.conname AS "name", k.contype::text AS "kind",
         ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)
           AS "columns",
         r.relname AS "refTable",
         CASE WHEN k.confkey IS NULL THEN NULL ELSE
           ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                 JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)
         END AS "refColumns",
         k.confdeltype::text AS "onDelete", k.confupdtype::text AS "onUpdate"
  FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_class r ON r.oid = k.confrelid
  WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'f')`;

const INDEXES = `
  SELECT t.relname AS "table", i.relname AS "name", x.indisunique AS "unique",
         ARRAY(SELECT coalesce(a.attname::text, '(expression)')
               FROM unnest(x.indkey::int2[]) WITH ORDINALITY u(n, k)
               LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.n
               ORDER BY u.k) AS "columns"
  FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
  WHERE n.nspname = $1`;

// Citus refuses a write whose RETURNING calls a function that is not IMMUTABLE, and reading an
// enum as text (Prisma's "status"::text) calls enum_out, which is STABLE, unless the enum has its
// own cast to text through an IMMUTABLE function (migration enum_text_casts).
const ENUMS = `
  SELECT t.typname AS "name",
         EXISTS (SELECT 1 FROM pg_cast k JOIN pg_proc f ON f.oid = k.castfunc
                 WHERE k.castsource = t.oid AND k.casttarget = 'text'::regtype
                   AND f.provolatile = 'i') AS "immutableText"
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = $1 AND t.typtype = 'e'`;

/** Tables that are no one's data: Prisma's own migration record. */
const IGNORED = new Set(["_prisma_migrations"]);

/**
 * Indexes of a school table meant for a lookup across schools, each one of the queries that reach
 * every shard (docs/scaling.md): there a leading "schoolId" would make the index useless. The
 * providers' delivery reports name a message by the provider's id alone (decision 0109).
 */
const CROSS_SCHOOL_INDEXES = new Set(["EmailOutbox_providerMessageId_idx"]);

/**
 * Every break of the rules, one sentence each (empty when the schema may be distributed).
 * `platformTables` names the tables that are meant to have no "schoolId".
 */
export async function citusRuleViolations(
  query: CatalogQuery,
  platformTables: readonly string[],
  schema = "public",
): Promise<string[]> {
  const [columns, constraints, indexes, enums] = await Promise.all([
    query<Column>(COLUMNS, [schema]),
    query<Constraint>(CONSTRAINTS, [schema]),
    query<Index>(INDEXES, [schema]),
    query<{ name: string; immutableText: boolean }>(ENUMS, [schema]),
  ]);
  const tables = [...new Set(columns.map((c) => c.table))].filter((t) => !IGNORED.has(t)).sort();
  const platform = new Set(platformTables);
  const distribution = new Map(
    columns.filter((c) => c.column === DISTRIBUTION_COLUMN).map((c) => [c.table, c]),
  );
  const isSchool = (table: string) => distribution.has(table);
  const problems: string[] = [];

  const types = new Set([...distribution.values()].map((c) => c.type));
  if (types.size > 1) {
    problems.push(`"${DISTRIBUTION_COLUMN}" has several types: ${[...types].sort().join(", ")}`);
  }
  for (const table of tables) {
    const column = distribution.get(table);
    if (platform.has(table)) {
      if (column) problems.push(`${table}: a platform table with "${DISTRIBUTION_COLUMN}"`);
      continue;
    }
    if (!column) {
      problems.push(`${table}: no "${DISTRIBUTION_COLUMN}" and not a platform table`);
      continue;
    }
    if (!column.notNull) problems.push(`${table}: "${DISTRIBUTION_COLUMN}" may be null`);
    if (!constraints.some((k) => k.table === table && k.kind === "p")) {
      problems.push(`${table}: no primary key`);
    }
  }

  for (const k of constraints) {
    if (IGNORED.has(k.table)) continue;
    const school = isSchool(k.table);
    if ((k.kind === "p" || k.kind === "u") && school && !k.columns.includes(DISTRIBUTION_COLUMN)) {
      problems.push(
        `${k.table}: ${k.kind === "p" ? "primary key" : "unique constraint"} ${k.name} lacks "${DISTRIBUTION_COLUMN}"`,
      );
    }
    if (k.kind !== "f" || !k.refTable) continue;
    // Citus refuses a foreign key that includes the distribution column and changes its columns
    // when the key it points at changes (Prisma's default ON UPDATE CASCADE), found on a cluster.
    if (school && k.columns.includes(DISTRIBUTION_COLUMN) && !["a", "r"].includes(k.onUpdate)) {
      problems.push(`${k.table}: foreign key ${k.name} changes its columns on update`);
    }
    const target = isSchool(k.refTable);
    if (!school && target) {
      problems.push(`${k.table}: platform table points at school table ${k.refTable} (${k.name})`);
    }
    if (school && target) {
      const at = k.columns.indexOf(DISTRIBUTION_COLUMN);
      if (at < 0 || k.refColumns?.[at] !== DISTRIBUTION_COLUMN) {
        problems.push(
          `${k.table}: foreign key ${k.name} to ${k.refTable} does not join on "${DISTRIBUTION_COLUMN}"`,
        );
      }
      // ON DELETE SET NULL would null "schoolId" too (Prisma sets every column of the key).
      if (k.onDelete === "n" || k.onDelete === "d") {
        problems.push(`${k.table}: foreign key ${k.name} sets its columns on delete`);
      }
    }
  }

  for (const index of indexes) {
    if (IGNORED.has(index.table) || !isSchool(index.table)) continue;
    if (CROSS_SCHOOL_INDEXES.has(index.name) && !index.unique) continue;
    if (index.columns[0] !== DISTRIBUTION_COLUMN) {
      problems.push(
        `${index.table}: index ${index.name} does not lead with "${DISTRIBUTION_COLUMN}"`,
      );
    }
  }
  for (const type of enums) {
    if (!type.immutableText) problems.push(`enum ${type.name}: no IMMUTABLE cast to text`);
  }
  return [...new Set(problems)].sort();
}
