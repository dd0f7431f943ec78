import "server-only";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { getDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import {
  HOST_TAKEN,
  SANDBOX_NOT_ALLOWED,
  SCHOOL_NOT_FOUND,
  SLUG_TAKEN,
  type CreatedSchoolDto,
  type PlatformSchoolDto,
} from "@/lib/contracts/platform";
import { DEFAULT_SCHOOL_ID, type SchoolStatus } from "@/lib/contracts/schools";
import { hostOfUrl } from "@/lib/schools/hosts";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { createSchoolAdmin } from "@/lib/platform/school-admin";
import {
  paymentSummary,
  saveSchoolPayment,
  type SchoolPayment,
} from "@/lib/schools/payment-credentials";
import { seedSettings } from "@/lib/seed";
import type { CreateSchoolInput, UpdateSchoolInput } from "@/lib/validations/platform";

// The operator's schools (issue 45): list with counts, create (with its superadmin), change its
// name, hosts, time zone or status. Platform tables through the guarded client; a new school's
// own rows name it explicitly (the guard lets nothing else through).

type Count = { schoolId: number; n: bigint };
type Counts = { parents: number; students: number; orders: number };

/** Every school with its hosts and how many parents, children and orders it has. */
export async function listSchools(): Promise<PlatformSchoolDto[]> {
  const db = await getDb();
  // The operator's cross-school reads (docs/scaling.md): each a count grouped by school, which a
  // distributed database answers on every shard at once and adds up. The one place allowed to:
  // the setting (a placeholder where Citus is absent) lets this transaction's reads fan out where
  // a check run refuses every other query that does (citus.multi_task_query_log_level).
  const schools = await db.school.findMany({ include: { hosts: true }, orderBy: { id: "asc" } });
  const [, parents, students, orders] = await db.$transaction([
    db.$executeRaw`SET LOCAL citus.multi_task_query_log_level = 'off'`,
    db.$queryRaw<Count[]>`
      SELECT "schoolId", count(*) AS "n" FROM "User"
      WHERE "role" = 'parent' AND "deletedAt" IS NULL GROUP BY "schoolId"`,
    db.$queryRaw<Count[]>`
      SELECT "schoolId", count(*) AS "n" FROM "Student"
      WHERE "grade" <> 'teacher' AND "archivedAt" IS NULL GROUP BY "schoolId"`,
    db.$queryRaw<Count[]>`SELECT "schoolId", count(*) AS "n" FROM "Order" GROUP BY "schoolId"`,
  ]);
  const of = (rows: Count[]) => new Map(rows.map((row) => [row.schoolId, Number(row.n)]));
  const [p, s, o] = [of(parents), of(students), of(orders)];
  return schools.map((school) =>
    toDto(school, {
      parents: p.get(school.id) ?? 0,
      students: s.get(school.id) ?? 0,
      orders: o.get(school.id) ?? 0,
    }),
  );
}

type SchoolRow = {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  currency: string;
  status: string;
  createdAt: Date;
  paymentCredentials: unknown;
  hosts: { host: string }[];
};

function toDto(school: SchoolRow, counts?: Counts): PlatformSchoolDto {
  const hosts = school.hosts.map((h) => h.host).sort();
  const appHost = hostOfUrl(env().APP_URL);
  return {
    id: school.id,
    slug: school.slug,
    name: school.name,
    hosts:
      school.id === DEFAULT_SCHOOL_ID ? [appHost, ...hosts.filter((h) => h !== appHost)] : hosts,
    timeZone: school.timeZone,
    currency: school.currency,
    status: school.status as SchoolStatus,
    createdAt: school.createdAt.toISOString(),
    counts: counts ?? { parents: 0, students: 0, orders: 0 },
    payment: paymentSummary(school.paymentCredentials),
  };
}

/** A host is free when no school claims it; APP_URL's belongs to the default school. */
async function assertHostsFree(tx: Tx, hosts: string[], schoolId?: number): Promise<void> {
  const appHost = hostOfUrl(env().APP_URL);
  if (schoolId !== DEFAULT_SCHOOL_ID && hosts.includes(appHost)) throw conflict(HOST_TAKEN);
  const taken = await tx.schoolHost.findFirst({
    where: {
      host: { in: hosts },
      ...(schoolId === undefined ? {} : { NOT: { ownerId: schoolId } }),
    },
    select: { host: true },
  });
  if (taken) throw conflict(HOST_TAKEN, { host: taken.host });
}

/** The sandbox takes no money: a production platform offers it only where it was allowed. */
function assertPaymentAllowed(payment: SchoolPayment | null | undefined): void {
  const config = env();
  if (payment?.provider === "sandbox" && config.production) {
    if (!config.PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION) {
      throw unprocessable(SANDBOX_NOT_ALLOWED, { details: { payment: [SANDBOX_NOT_ALLOWED] } });
    }
  }
}

/** Creates a school, its hosts, its first settings and its superadmin, in one transaction. */
export async function createSchool(
  input: CreateSchoolInput,
  operatorId: number | null,
): Promise<CreatedSchoolDto> {
  assertPaymentAllowed(input.payment);
  const db = await getDb();
  try {
    const id = await db.$transaction(async (tx) => {
      if (await tx.school.findUnique({ where: { slug: input.slug }, select: { id: true } })) {
        throw conflict(SLUG_TAKEN);
      }
      await assertHostsFree(tx, input.hosts);
      const school = await tx.school.create({
        data: {
          slug: input.slug,
          name: input.name,
          timeZone: input.timeZone,
          hosts: { create: input.hosts.map((host) => ({ host })) },
        },
      });
      // The seed is typed with Prisma's own client (it cannot import lib/db.ts, which imports it).
      await seedSettings(tx as unknown as Prisma.TransactionClient, school.id);
      if (input.payment) await saveSchoolPayment(tx, school.id, input.payment);
      await createSchoolAdmin(tx, school, input.adminEmail, input.adminPassword, input.hosts[0]);
      await tx.platformAudit.create({
        data: {
          operatorId,
          action: "school.create",
          targetSchoolId: school.id,
          details: { slug: input.slug, hosts: input.hosts },
        },
      });
      return school.id;
    });
    forgetSchools();
    return { school: await schoolDto(id), admin: { username: "superadmin" } };
  } catch (error) {
    // Two operators creating the same slug or host at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(`${SLUG_TAKEN} ${HOST_TAKEN}`);
    throw error;
  }
}

async function schoolDto(id: number): Promise<PlatformSchoolDto> {
  const found = (await listSchools()).find((s) => s.id === id);
  if (!found) throw notFound(SCHOOL_NOT_FOUND);
  return found;
}

/** Changes a school's name, hosts, time zone or status. */
export async function updateSchool(
  id: number,
  input: UpdateSchoolInput,
  operatorId: number | null,
): Promise<PlatformSchoolDto> {
  assertPaymentAllowed(input.payment);
  const db = await getDb();
  try {
    await db.$transaction(async (tx) => {
      const school = await tx.school.findUnique({ where: { id }, select: { id: true } });
      if (!school) throw notFound(SCHOOL_NOT_FOUND);
      if (input.hosts) {
        await assertHostsFree(tx, input.hosts, id);
        const appHost = hostOfUrl(env().APP_URL);
        // The default school always answers on APP_URL's host: it is not a row to remove.
        const rows = input.hosts.filter((host) => host !== appHost);
        await tx.schoolHost.deleteMany({ where: { ownerId: id } });
        await tx.schoolHost.createMany({ data: rows.map((host) => ({ host, ownerId: id })) });
      }
      await tx.school.update({
        where: { id },
        data: {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
          ...(input.status === undefined ? {} : { status: input.status }),
        },
      });
      if (input.payment !== undefined) await saveSchoolPayment(tx, id, input.payment);
      // The audit says what changed, never a credential.
      const { payment, ...changed } = input;
      const details = {
        ...changed,
        ...(payment === undefined ? {} : { payment: payment?.provider ?? null }),
      };
      await tx.platformAudit.create({
        data: { operatorId, action: "school.update", targetSchoolId: id, details },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(HOST_TAKEN);
    throw error;
  }
  forgetSchools();
  return schoolDto(id);
}
