// The Citus catalog check (issue 45) on a schema written for it: it must name every break of the
// sharding rules and pass a schema that keeps them, read from a real PostgreSQL catalog (PGlite).
// The many-schools migration turns the same check on for prisma/migrations.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { PGlite } from "@electric-sql/pglite";
import { citusRuleViolations, type CatalogQuery } from "@/lib/migrations/citus-rules";

describe("the Citus rules read from the catalog", () => {
  let db: PGlite;
  let query: CatalogQuery;

  beforeAll(async () => {
    db = new PGlite();
    query = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows;
  });
  afterAll(async () => {
    await db.close();
  });

  async function schema(sql: string): Promise<string[]> {
    await db.exec(`DROP SCHEMA IF EXISTS t CASCADE; CREATE SCHEMA t; SET search_path = t; ${sql}`);
    return citusRuleViolations(query, ["School", "Operator"], "t");
  }

  const GOOD = `
    CREATE TYPE "Status" AS ENUM ('active', 'suspended');
    CREATE FUNCTION "Status_text"("Status") RETURNS text LANGUAGE sql IMMUTABLE
      AS 'SELECT textin(enum_out($1))';
    CREATE CAST ("Status" AS text) WITH FUNCTION "Status_text"("Status");
    CREATE TABLE "School" (id serial PRIMARY KEY, slug text UNIQUE, status "Status");
    CREATE TABLE "Operator" (id serial PRIMARY KEY);
    CREATE TABLE "User" (
      "schoolId" integer NOT NULL REFERENCES "School"(id), id serial,
      "usernameKey" text NOT NULL, PRIMARY KEY ("schoolId", id),
      UNIQUE ("schoolId", "usernameKey"));
    CREATE TABLE "Student" (
      "schoolId" integer NOT NULL, id serial, "parentId" integer NOT NULL,
      PRIMARY KEY ("schoolId", id),
      FOREIGN KEY ("schoolId", "parentId") REFERENCES "User"("schoolId", id) ON DELETE CASCADE);
    CREATE INDEX "Student_parent" ON "Student" ("schoolId", "parentId");
    CREATE UNIQUE INDEX "Student_one" ON "Student" ("schoolId", "parentId") WHERE id > 0;`;

  it("passes a schema that keeps every rule", async () => {
    expect(await schema(GOOD)).toEqual([]);
  });

  it("names each break of the rules", async () => {
    expect(
      await schema(`${GOOD}
        CREATE TABLE "Loose" (id serial PRIMARY KEY);
        CREATE TABLE "Order" (
          "schoolId" integer, id serial PRIMARY KEY, "studentId" integer NOT NULL,
          "ref" text UNIQUE,
          FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", id) ON DELETE SET NULL);
        ALTER TABLE "Student" ADD UNIQUE (id, "schoolId");
        CREATE TABLE "Refund" (
          "schoolId" bigint NOT NULL, id serial, "studentId" integer NOT NULL,
          PRIMARY KEY ("schoolId", id),
          FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"(id, "schoolId"));
        CREATE INDEX "Refund_student" ON "Refund" ("studentId", "schoolId");
        CREATE TYPE "Kind" AS ENUM ('a', 'b');
        CREATE TABLE "Meal" (
          "schoolId" integer NOT NULL REFERENCES "School"(id) ON UPDATE CASCADE, id serial,
          "studentId" integer NOT NULL, PRIMARY KEY ("schoolId", id),
          FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", id)
            ON UPDATE RESTRICT);
        ALTER TABLE "Operator" ADD COLUMN "userSchool" integer, ADD COLUMN "userId" integer,
          ADD FOREIGN KEY ("userSchool", "userId") REFERENCES "User"("schoolId", id);`),
    ).toEqual(
      [
        `"schoolId" has several types: bigint, integer`,
        `Loose: no "schoolId" and not a platform table`,
        `enum Kind: no IMMUTABLE cast to text`,
        `Meal: foreign key Meal_schoolId_fkey changes its columns on update`,
        `Operator: platform table points at school table User (Operator_userSchool_userId_fkey)`,
        `Order: "schoolId" may be null`,
        `Order: primary key Order_pkey lacks "schoolId"`,
        `Order: unique constraint Order_ref_key lacks "schoolId"`,
        `Order: foreign key Order_schoolId_studentId_fkey sets its columns on delete`,
        `Order: index Order_pkey does not lead with "schoolId"`,
        `Order: index Order_ref_key does not lead with "schoolId"`,
        `Refund: foreign key Refund_schoolId_studentId_fkey to Student does not join on "schoolId"`,
        `Refund: index Refund_student does not lead with "schoolId"`,
        `Student: index Student_id_schoolId_key does not lead with "schoolId"`,
      ].sort(),
    );
  });
});
