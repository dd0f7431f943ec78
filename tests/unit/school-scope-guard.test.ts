import {
  SCOPE_REFUSED,
  SchoolScopeError,
  assertSchoolScoped,
  scopeArgs,
  whereNamesSchool,
} from "@/lib/scope/guard";

// The second guard (issue 45): a school table's query that does not name one school is refused,
// whatever the operation; platform tables pass untouched.

const SCHOOL_MODELS = new Set(["Order", "User"]);
const check = (model: string, operation: string, args: unknown) => () =>
  assertSchoolScoped(SCHOOL_MODELS, model, operation, args);

describe("the school scope guard", () => {
  it.each([
    ["findMany", { where: { schoolId: 1, status: "pending" } }],
    ["findUnique", { where: { schoolId_id: { schoolId: 1, id: 5 } } }],
    ["findFirst", { where: { schoolId: { equals: 3 } } }],
    ["count", { where: { schoolId: 2 } }],
    ["updateMany", { where: { schoolId: 2, id: { in: [1, 2] } }, data: { status: "x" } }],
    ["delete", { where: { schoolId_id: { schoolId: 9, id: 1 } } }],
    ["create", { data: { schoolId: 1, name: "a" } }],
    ["create", { data: { school: { connect: { id: 1 } }, name: "a" } }],
    ["createMany", { data: [{ schoolId: 1 }, { schoolId: 1 }] }],
    ["upsert", { where: { schoolId_id: { schoolId: 1, id: 2 } }, create: { schoolId: 1 } }],
  ])("lets %s through when it names its school", (operation, args) => {
    expect(check("Order", operation, args)).not.toThrow();
  });

  it.each([
    ["findMany", {}],
    ["findMany", undefined],
    ["findUnique", { where: { id: 5 } }],
    ["findFirst", { where: { schoolId: undefined, id: 5 } }],
    ["findFirst", { where: { schoolId: { in: [1, 2] } } }],
    ["findFirst", { where: { OR: [{ schoolId: 1 }, { schoolId: 2 }] } }],
    ["findFirst", { where: { schoolId: 0 } }],
    ["findFirst", { where: { schoolId: "1" } }],
    ["count", { where: { status: "pending" } }],
    ["updateMany", { data: { status: "x" } }],
    ["deleteMany", { where: {} }],
    ["create", { data: { name: "a" } }],
    ["createMany", { data: [{ schoolId: 1 }, { name: "b" }] }],
    ["createMany", { data: [] }],
    ["upsert", { where: { schoolId_id: { schoolId: 1, id: 2 } }, create: { name: "a" } }],
    ["someFutureOperation", { where: { schoolId: 1 } }],
  ])("refuses %s that does not name one school", (operation, args) => {
    expect(check("User", operation, args)).toThrow(SchoolScopeError);
    expect(check("User", operation, args)).toThrow(`${SCOPE_REFUSED}: User.${operation}`);
  });

  it("leaves platform tables and raw calls alone", () => {
    expect(check("School", "findMany", {})).not.toThrow();
    expect(() => assertSchoolScoped(SCHOOL_MODELS, undefined, "$queryRaw", {})).not.toThrow();
  });

  it("reads only a single school from a where", () => {
    expect(whereNamesSchool({ schoolId_usernameKey: { schoolId: 4, usernameKey: "a" } })).toBe(
      true,
    );
    expect(whereNamesSchool({ schoolId_usernameKey: { usernameKey: "a" } })).toBe(false);
    expect(whereNamesSchool({ NOT: { schoolId: 1 } })).toBe(false);
  });
});

// The scoped client's side (issue 45): what `schoolDb(7)` sends for a query written without
// thinking about schools, and what it refuses.
describe("the school scope", () => {
  const scope = (model: string, operation: string, args: unknown) =>
    scopeArgs(SCHOOL_MODELS, model, operation, args, 7);

  it("puts the school into every where and every new row of a school table", () => {
    expect(scope("Order", "findMany", { where: { status: "pending" } })).toEqual({
      where: { status: "pending", schoolId: 7 },
    });
    expect(scope("Order", "count", undefined)).toEqual({ where: { schoolId: 7 } });
    expect(scope("User", "create", { data: { name: "a" } })).toEqual({
      data: { name: "a", schoolId: 7 },
    });
    expect(scope("User", "createMany", { data: [{ name: "a" }, { name: "b" }] })).toEqual({
      data: [
        { name: "a", schoolId: 7 },
        { name: "b", schoolId: 7 },
      ],
    });
    expect(
      scope("User", "upsert", {
        where: { schoolId_id: { schoolId: 7, id: 1 } },
        create: { name: "a" },
        update: { name: "b" },
      }),
    ).toEqual({
      // The key names the school already: not a second time (one "schoolId" = $n per table).
      where: { schoolId_id: { schoolId: 7, id: 1 } },
      create: { name: "a", schoolId: 7 },
      update: { name: "b" },
    });
  });

  it("names the school inside relation filters too, so each subquery stays on its shard", () => {
    expect(
      scope("User", "count", {
        where: {
          role: "parent",
          OR: [
            { username: { contains: "ab" } },
            { students: { some: { name: { contains: "ab" } } } },
          ],
          orders: { none: { status: "pending", student: { is: { grade: "3" } } } },
          school: { is: { status: "active" } },
          roles: { has: "x" },
        },
      }),
    ).toEqual({
      where: {
        role: "parent",
        OR: [
          { username: { contains: "ab" } },
          { students: { some: { name: { contains: "ab" }, schoolId: 7 } } },
        ],
        orders: {
          none: { status: "pending", student: { is: { grade: "3", schoolId: 7 } }, schoolId: 7 },
        },
        // The platform's School has no schoolId: left as it is.
        school: { is: { status: "active" } },
        roles: { has: "x" },
        schoolId: 7,
      },
    });
  });

  it("refuses a query naming another school through this school's client", () => {
    expect(() => scope("User", "findMany", { where: { schoolId: 8 } })).toThrow(SchoolScopeError);
    expect(() =>
      scope("User", "findUnique", { where: { schoolId_id: { schoolId: 8, id: 1 } } }),
    ).toThrow(SchoolScopeError);
    expect(() => scope("User", "create", { data: { schoolId: 8, name: "a" } })).toThrow(
      SchoolScopeError,
    );
  });

  it("leaves platform tables alone", () => {
    const args = { where: { slug: "x" } };
    expect(scope("School", "findMany", args)).toBe(args);
  });
});
