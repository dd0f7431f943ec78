// Schools in tests (issue 45). Every test file's database starts with the default school (id 1) at
// http://localhost:3000, APP_URL's host; `createSchool` adds another at its own host.
import { schoolDb, type Db } from "@/lib/db";
import { DEFAULT_SCHOOL_ID, type SchoolContext } from "@/lib/contracts/schools";
import { forgetSchools, schoolById } from "@/lib/schools/resolve-school";
import { idKey } from "@/lib/schools/keys";

/** The default school's scoped client: what the tests' fixtures read and write through. */
export const testDb = (schoolId: number = DEFAULT_SCHOOL_ID): Promise<Db> => schoolDb(schoolId);

/** `where` for a row of the default school (or `schoolId`) by id. */
export const key = (id: number, schoolId: number = DEFAULT_SCHOOL_ID) => idKey(schoolId, id);

/** The default school as a request at http://localhost:3000 sees it. */
export async function defaultSchool(): Promise<SchoolContext> {
  const school = await schoolById(DEFAULT_SCHOOL_ID);
  if (!school) throw new Error("The default school is missing");
  return school;
}

/** A school by id, at its first host. */
export async function schoolContext(id: number): Promise<SchoolContext> {
  forgetSchools();
  const school = await schoolById(id);
  if (!school) throw new Error(`No school ${id}`);
  return school;
}

/** The test operator's password (tests/support/server-env.ts). */
export const PLATFORM_PASSWORD = "platform-test-password";

/**
 * Another school made the way an operator makes one (hosts, settings, a superadmin with
 * `adminPassword`), answering at http://<slug>.localhost:3000.
 */
export async function createSchool(
  slug: string,
  options: { name?: string; timeZone?: string; adminPassword?: string } = {},
): Promise<SchoolContext & { adminPassword: string }> {
  const { createSchool: create } = await import("@/lib/platform/schools");
  const adminPassword = options.adminPassword ?? "school-admin-password";
  const created = await create(
    {
      name: options.name ?? `${slug} School`,
      slug,
      hosts: [`${slug}.localhost:3000`],
      timeZone: options.timeZone ?? "Africa/Lusaka",
      adminEmail: `admin@${slug}.example`,
      adminPassword,
    },
    null,
  );
  return { ...(await schoolContext(created.school.id)), adminPassword };
}
