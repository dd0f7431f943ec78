// Raw SQL bypasses the scoped client and the second guard (issue 45, decision 0075): every raw
// statement under lib/ that reads or writes a school table must name "schoolId" itself. This reads
// each tagged template ($queryRaw`…`, $executeRaw`…`) from the source and checks it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SCHOOL_MODELS } from "@/lib/scope/school-models";

const ROOT = path.join(process.cwd(), "lib");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each raw template in `text`: from `$queryRaw`/`$executeRaw` to its closing backtick. */
function rawStatements(text: string): string[] {
  const found: string[] = [];
  const start = /\$(?:queryRaw|executeRaw)(?:<[^`]*?>)?`/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(text))) {
    let i = match.index + match[0].length;
    let depth = 0;
    let body = "";
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (depth === 0 && c === "`") break;
      if (c === "$" && text[i + 1] === "{") depth++;
      else if (c === "}" && depth > 0) depth--;
      body += c;
    }
    found.push(body);
  }
  return found;
}

/** The platform's own reads across schools (each naming the school per row). */
const CROSS_SCHOOL = new Set(["lib/platform/schools.ts", "lib/schools/resolve-school.ts"]);

describe("raw SQL under lib/", () => {
  const statements = sources(ROOT).flatMap((file) =>
    rawStatements(readFileSync(file, "utf8")).map((sql) => ({
      file: path.relative(process.cwd(), file),
      sql,
    })),
  );

  it("is found (the reader sees the statements)", () => {
    expect(statements.length).toBeGreaterThan(20);
  });

  it('names "schoolId" in every statement that touches a school table', () => {
    const tables = [...SCHOOL_MODELS].map((model) => `"${model}"`);
    const blind = statements
      .filter(({ sql }) => tables.some((table) => sql.includes(table)))
      .filter(({ sql }) => !sql.includes('"schoolId"'))
      .map(({ file, sql }) => `${file}: ${sql.trim().slice(0, 80)}`);
    expect(blind).toEqual([]);
  });

  it("reads across schools only in the platform's own files", () => {
    const cross = statements
      .filter(({ file }) => !CROSS_SCHOOL.has(file))
      .filter(({ sql }) => /FROM\s+"School"\s/.test(sql))
      .map(({ file }) => file);
    expect(cross).toEqual([]);
  });

  // Found on a Citus cluster (issue 46): a subquery that names its school through the outer row
  // (`WHERE e."schoolId" = o."schoolId"`) is planned over every shard, and the request fails with
  // "multi-task query"; named with the request's own school parameter, it goes to the one shard.
  // A join's ON may pair the two tables' "schoolId" (co-located); a subquery's WHERE may not.
  it("names the school with its parameter in every subquery, never through another row", () => {
    const through = /WHERE\s+\w+\."schoolId"\s*=\s*\w+\."schoolId"/;
    const correlated = statements
      .filter(({ file, sql }) => !CROSS_SCHOOL.has(file) && through.test(sql))
      .map(({ file, sql }) => `${file}: ${through.exec(sql)?.[0]}`);
    expect(correlated).toEqual([]);
  });
});
