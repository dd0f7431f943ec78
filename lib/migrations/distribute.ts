// `npm run db:distribute` (issue 46): turns a PostgreSQL database with the Citus extension into a
// distributed one. Every school table is distributed by "schoolId", all co-located with the first,
// so a school's rows of every table live on one shard and a school's request is answered there;
// the platform's tables become reference tables (a copy on every node). The data already there
// moves with create_distributed_table. All of it is one transaction, so a run that fails changes
// nothing; a table already distributed is skipped, so running it again is safe. On a server
// without Citus it stops before changing anything. Pure but for the query function, as
// citus-rules.ts.
import { DISTRIBUTION_COLUMN, type CatalogQuery } from "./citus-rules";

/** Why nothing was done: the operator reads it as it is. */
export class CannotDistribute extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CannotDistribute";
  }
}

export type DistributionReport = {
  reference: string[];
  distributed: string[];
  alreadyDone: string[];
  /** School tables co-located with this one (the first distributed). */
  colocatedWith: string;
};

type Step = (message: string) => void;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function assertCitus(query: CatalogQuery): Promise<void> {
  const created = await query<{ version: string }>(
    `SELECT extversion AS "version" FROM pg_extension WHERE extname = $1`,
    ["citus"],
  );
  if (created.length > 0) return;
  const available = await query<{ name: string }>(
    `SELECT name FROM pg_available_extensions WHERE name = $1`,
    ["citus"],
  );
  throw new CannotDistribute(
    available.length === 0
      ? "This PostgreSQL server has no Citus extension, so the database cannot be distributed. " +
          "Nothing was changed. docs/scaling.md tells when and how to move to Citus."
      : "Citus is installed on this server but not created in this database. As a superuser, " +
          "with citus in shared_preload_libraries, run CREATE EXTENSION citus; in it, add the " +
          "worker nodes (docs/scaling.md), then run npm run db:distribute again. Nothing was changed.",
  );
}

/** Tables of `schema` and whether each carries the distribution column. */
async function tables(query: CatalogQuery, schema: string) {
  return query<{ table: string; scoped: boolean }>(
    `SELECT c.relname AS "table",
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
                    AND a.attname = $2 AND a.attnum > 0 AND NOT a.attisdropped) AS "scoped"
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`,
    [schema, DISTRIBUTION_COLUMN],
  );
}

/** `names` ordered so that a table comes after every table of `names` it points at. */
async function referencedFirst(
  query: CatalogQuery,
  schema: string,
  names: string[],
): Promise<string[]> {
  const edges = await query<{ from: string; to: string }>(
    `SELECT DISTINCT c.relname AS "from", r.relname AS "to"
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = $1 AND k.conrelid <> k.confrelid`,
    [schema],
  );
  const wanted = new Set(names);
  const pointsAt = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { from, to } of edges) {
    if (wanted.has(from) && wanted.has(to)) pointsAt.get(from)!.add(to);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...pointsAt.get(name)!].every((to) => placed.has(to)),
    );
    if (ready.length === 0) {
      const left = names.filter((name) => !placed.has(name)).join(", ");
      throw new CannotDistribute(
        `Foreign keys form a cycle among ${left}. Nothing more was changed.`,
      );
    }
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * Distributes the database `query` is connected to. `platformTables` are the tables without a
 * school (reference tables); every table with "schoolId" is distributed; any other table (the
 * migrations' own ledger) stays on the coordinator.
 */
export async function distributeDatabase(
  query: CatalogQuery,
  platformTables: readonly string[],
  step: Step = () => {},
  schema = "public",
): Promise<DistributionReport> {
  await assertCitus(query);
  const all = await tables(query, schema);
  const byName = new Map(all.map((t) => [t.table, t]));
  const missing = platformTables.filter((name) => !byName.has(name));
  if (missing.length > 0 || !all.some((t) => t.scoped)) {
    throw new CannotDistribute(
      "The database has not been migrated (run npm run db:migrate first). Nothing was changed.",
    );
  }
  const wrong = platformTables.filter((name) => byName.get(name)!.scoped);
  if (wrong.length > 0) {
    throw new CannotDistribute(
      `Platform tables carry "${DISTRIBUTION_COLUMN}": ${wrong.join(", ")}.`,
    );
  }
  // What each table already is: "h" distributed, "t" a reference table (replicated to every
  // node); a table Citus manages on the coordinator only (repmodel "s": Citus makes a table that
  // points at a reference table one) is still to be distributed.
  const done = new Map(
    (
      await query<{ table: string; method: string }>(
        `SELECT c.relname AS "table",
                CASE WHEN p.partmethod = 'h' THEN 'h' ELSE p.repmodel::text END AS "method"
         FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1`,
        [schema],
      )
    )
      .filter((row) => row.method === "h" || row.method === "t")
      .map((row) => [row.table, row.method]),
  );
  const report: DistributionReport = {
    reference: [],
    distributed: [],
    alreadyDone: [],
    colocatedWith: "",
  };
  const school = all.filter((t) => t.scoped).map((t) => t.table);
  const references = await referencedFirst(query, schema, [...platformTables]);
  const anchor = school.find((table) => done.get(table) === "h") ?? school[0]!;
  report.colocatedWith = anchor;
  report.alreadyDone = [...references, ...school].filter((table) => done.has(table));
  if (report.alreadyDone.length === references.length + school.length) return report;

  // One transaction: it all happens, or nothing does (a run that fails changes nothing and is
  // simply run again). Over one connection per node, as Citus needs for DDL after distribution.
  await query("BEGIN", []);
  try {
    await query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'", []);
    // The cache-version triggers (lib/cache/versioned-cache.ts) bump a row of the written row's
    // own school, which lives on the same shard as the written row: a trigger that stays within
    // its school's shard is what Citus allows once told so. They are set aside while the rows are
    // copied to the shards (the copy is no one's edit) and put back on the distributed tables.
    await query("SET LOCAL citus.enable_unsafe_triggers = on", []);
    const triggers = await query<{ table: string; name: string; definition: string }>(
      `SELECT c.relname AS "table", t.tgname AS "name", pg_get_triggerdef(t.oid) AS "definition"
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE NOT t.tgisinternal AND n.nspname = $1 AND c.relname = ANY($2::text[])
       ORDER BY 1, 2`,
      [schema, school.filter((table) => !done.has(table))],
    );
    for (const trigger of triggers) {
      await query(
        `DROP TRIGGER ${quote(trigger.name)} ON ${quote(schema)}.${quote(trigger.table)}`,
        [],
      );
    }
    // Citus distributes a table only when no table that stays local points at it, and turns a
    // local table that points at a reference table into one it keeps on the coordinator. So the
    // school tables' foreign keys are set aside, the tables moved, and the keys put back: each
    // includes "schoolId", so each is checked within one shard.
    const keys = await query<{ table: string; name: string; definition: string }>(
      `SELECT c.relname AS "table", k.conname AS "name", pg_get_constraintdef(k.oid) AS "definition"
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND n.nspname = $1 AND c.relname = ANY($2::text[])
       ORDER BY 1, 2`,
      [schema, school.filter((table) => !done.has(table))],
    );
    for (const key of keys) {
      await query(
        `ALTER TABLE ${quote(schema)}.${quote(key.table)} DROP CONSTRAINT ${quote(key.name)}`,
        [],
      );
    }
    for (const table of references) {
      if (done.has(table)) continue;
      step(`reference table ${table}`);
      await query("SELECT create_reference_table($1)", [`${quote(schema)}.${quote(table)}`]);
      report.reference.push(table);
    }
    for (const table of school) {
      if (done.has(table)) continue;
      step(`distributed table ${table} by ${DISTRIBUTION_COLUMN}`);
      await query("SELECT create_distributed_table($1, $2, colocate_with => $3)", [
        `${quote(schema)}.${quote(table)}`,
        DISTRIBUTION_COLUMN,
        // The first school table starts its own group; every other joins it.
        table === anchor ? "none" : `${quote(schema)}.${quote(anchor)}`,
      ]);
      report.distributed.push(table);
    }
    for (const key of keys) {
      await query(
        `ALTER TABLE ${quote(schema)}.${quote(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`,
        [],
      );
    }
    for (const trigger of triggers) await query(trigger.definition, []);
    await query("COMMIT", []);
  } catch (error) {
    await query("ROLLBACK", []).catch(() => {});
    throw error;
  }
  return report;
}
