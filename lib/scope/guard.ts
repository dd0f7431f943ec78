// The second guard of the many schools (issue 45, decision 0075): whatever the domain function
// meant, a query of a school table that does not name its school is refused before it reaches
// the database. The first guard is the scoped way in (composite keys make `{ id }` alone not
// compile); this one catches what types cannot: a `findFirst`, an `updateMany`, a `count` or a
// `create` written without the school. Pure, so it is tested without a database; lib/db.ts
// applies it to the one client as a Prisma query extension.

export const SCOPE_REFUSED = "A school table was queried without its school";

export class SchoolScopeError extends Error {
  constructor(
    readonly model: string,
    readonly operation: string,
  ) {
    super(`${SCOPE_REFUSED}: ${model}.${operation}`);
  }
}

const isSchoolId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A `where` names one school: `schoolId: <id>` at its top, or a compound unique key holding it
 * (`schoolId_id: { schoolId, id }`). `schoolId: { in: [...] }`, an `OR` or a `NOT` do not count:
 * they are how one query reaches several schools.
 */
export function whereNamesSchool(where: unknown): boolean {
  if (!isObject(where)) return false;
  if (isSchoolId(where.schoolId)) return true;
  if (isObject(where.schoolId) && isSchoolId(where.schoolId.equals)) return true;
  return Object.entries(where).some(
    ([key, value]) => key.startsWith("schoolId_") && isObject(value) && isSchoolId(value.schoolId),
  );
}

const dataNamesSchool = (data: unknown): boolean =>
  isObject(data) &&
  (isSchoolId(data.schoolId) ||
    (isObject(data.school) && isObject(data.school.connect) && isSchoolId(data.school.connect.id)));

const WHERE_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
]);

/** Throws SchoolScopeError unless the query of `model` names one school. */
export function assertSchoolScoped(
  schoolModels: ReadonlySet<string>,
  model: string | undefined,
  operation: string,
  args: unknown,
): void {
  if (!model || !schoolModels.has(model)) return;
  const a = isObject(args) ? args : {};
  let ok: boolean;
  if (WHERE_OPERATIONS.has(operation)) {
    ok = whereNamesSchool(a.where);
  } else if (operation === "create") {
    ok = dataNamesSchool(a.data);
  } else if (operation === "createMany" || operation === "createManyAndReturn") {
    const rows = Array.isArray(a.data) ? a.data : [a.data];
    ok = rows.length > 0 && rows.every(dataNamesSchool);
  } else if (operation === "upsert") {
    ok = whereNamesSchool(a.where) && dataNamesSchool(a.create);
  } else {
    // An operation this guard does not know is refused: failing closed is the point.
    ok = false;
  }
  if (!ok) throw new SchoolScopeError(model, operation);
}

/** The schools a `where` or a row names by number: its `schoolId` and its compound keys'. */
function namedSchools(value: unknown): unknown[] {
  if (!isObject(value)) return [];
  const named: unknown[] = [];
  if ("schoolId" in value && !isObject(value.schoolId)) named.push(value.schoolId);
  if (isObject(value.schoolId) && "equals" in value.schoolId) named.push(value.schoolId.equals);
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith("schoolId_") && isObject(inner)) named.push(inner.schoolId);
  }
  return named;
}

const RELATION_FILTERS = ["some", "every", "none", "is", "isNot"] as const;

/**
 * `where` with the school named inside each relation filter too (`students: { some: {...} }`):
 * the rows a relation reaches are the same school's anyway (every foreign key includes schoolId),
 * but a subquery that names its school is one a distributed database answers from that school's
 * shard (issue 46); without it Citus plans the subquery over every shard. The platform's School
 * (a school row's `school`) has no schoolId and is left as it is. A to-one relation is filtered
 * with `is` (`student: { is: { grade } }`): the short form has no key that says it is a relation.
 */
function scopeRelationFilters(where: Obj, schoolId: number): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(where)) {
    if (key === "AND" || key === "OR" || key === "NOT") {
      out[key] = Array.isArray(value)
        ? value.map((w: unknown) => (isObject(w) ? scopeRelationFilters(w, schoolId) : w))
        : isObject(value)
          ? scopeRelationFilters(value, schoolId)
          : value;
    } else if (key !== "school" && isObject(value) && RELATION_FILTERS.some((f) => f in value)) {
      const filter: Obj = { ...value };
      for (const f of RELATION_FILTERS) {
        const inner = filter[f];
        if (isObject(inner)) filter[f] = { ...scopeRelationFilters(inner, schoolId), schoolId };
      }
      out[key] = filter;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The scoped client's side (lib/db.ts `schoolDb`): the arguments of a school table's query with
 * `schoolId` put into its `where` and its new rows. A query that names another school through this
 * school's client is a bug, refused like a query naming none.
 */
export function scopeArgs(
  schoolModels: ReadonlySet<string>,
  model: string | undefined,
  operation: string,
  args: unknown,
  schoolId: number,
): unknown {
  if (!model || !schoolModels.has(model)) return args;
  const a: Obj = isObject(args) ? { ...args } : {};
  const mismatch = (value: unknown) => namedSchools(value).some((named) => named !== schoolId);
  if (WHERE_OPERATIONS.has(operation) || operation === "upsert") {
    if (mismatch(a.where)) throw new SchoolScopeError(model, operation);
    // A where that already names the school (a compound key) is not given it a second time:
    // Prisma would write "schoolId" = $1 AND … AND "schoolId" = $3, and once PostgreSQL keeps a
    // generic plan of that statement, Citus can no longer tell its shard and asks every shard.
    a.where = isObject(a.where)
      ? whereNamesSchool(a.where)
        ? scopeRelationFilters(a.where, schoolId)
        : { ...scopeRelationFilters(a.where, schoolId), schoolId }
      : { schoolId };
  }
  const stamp = (row: unknown) => {
    if (mismatch(row)) throw new SchoolScopeError(model, operation);
    return isObject(row) && !isObject(row.school) ? { ...row, schoolId } : row;
  };
  if (operation === "create") a.data = stamp(a.data);
  if (operation === "createMany" || operation === "createManyAndReturn") {
    a.data = Array.isArray(a.data) ? a.data.map(stamp) : stamp(a.data);
  }
  if (operation === "upsert") a.create = stamp(a.create);
  return a;
}
