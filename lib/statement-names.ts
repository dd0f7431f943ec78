// Names for PostgreSQL's prepared statements (decision 0062). Without a name, every statement is
// parsed and planned again on every execution: on the rush's cart checks, order inserts and order
// history, planning took longer than running (pg_stat_statements, docs/benchmarks.md). A named
// statement is parsed once per connection, and PostgreSQL keeps its generic plan once it is no
// dearer than the custom ones (plan_cache_mode auto).
//
// A connection keeps each prepared statement until it closes, so the names are capped: a list of
// a new length (Prisma writes `IN ($1, $2, …)`) is a new text, and an admin's selection of any
// size must not grow every connection's memory for good. Texts past the cap run unnamed, as all
// statements did before.

/** Distinct statements named per process (so prepared on each pooled connection at most). */
export const MAX_NAMED_STATEMENTS = 200;

/**
 * A statement-name function for @prisma/adapter-pg: one name per distinct SQL text, the same on
 * every connection, and "" (node-postgres's unnamed statement) once `max` texts have names.
 */
export function statementNamer(max = MAX_NAMED_STATEMENTS): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= max) return "";
    const name = `canteen_${names.size}`;
    names.set(sql, name);
    return name;
  };
}
