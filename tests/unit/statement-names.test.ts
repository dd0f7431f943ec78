// PostgreSQL's prepared statements (decision 0062): one name per distinct SQL text, so a statement
// is parsed once per connection, and a cap, so a connection's prepared statements stay bounded.
import { describe, expect, it } from "@jest/globals";
import { MAX_NAMED_STATEMENTS, statementNamer } from "@/lib/statement-names";

describe("statementNamer", () => {
  it("gives the same text the same name, and another text another", () => {
    const name = statementNamer();
    const first = name({ sql: 'SELECT "id" FROM "Order" WHERE "userId" = $1' });
    const other = name({ sql: 'SELECT "id" FROM "Student" WHERE "parentId" = $1' });
    expect(first).not.toBe("");
    expect(other).not.toBe("");
    expect(other).not.toBe(first);
    // The same text built again (another string, as Prisma builds each raw query's text anew).
    const again = ['SELECT "id" FROM "Order"', 'WHERE "userId" = $1'].join(" ");
    expect(name({ sql: again })).toBe(first);
  });

  it("leaves texts past the cap unnamed, and keeps the names it gave", () => {
    const name = statementNamer(3);
    const named = ["a", "b", "c"].map((t) => name({ sql: `SELECT ${t}` }));
    expect(new Set(named).size).toBe(3);
    expect(name({ sql: "SELECT d" })).toBe("");
    expect(name({ sql: "SELECT e" })).toBe("");
    expect(name({ sql: "SELECT b" })).toBe(named[1]);
  });

  it("names MAX_NAMED_STATEMENTS texts by default", () => {
    const name = statementNamer();
    const names = Array.from({ length: MAX_NAMED_STATEMENTS }, (_, i) => name({ sql: `q${i}` }));
    expect(names.every((n) => n !== "")).toBe(true);
    expect(new Set(names).size).toBe(MAX_NAMED_STATEMENTS);
    expect(name({ sql: "one more" })).toBe("");
  });
});
