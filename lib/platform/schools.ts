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
  PAYMENT_CREDENTIALS_KEY,
  paymentSummary,
  saveSchoolPayment,
  type SchoolPayment,
} from "@/lib/schools/payment-credentials";
import { seedSettings } from "@/lib/seed";
import type { CreateSchoolInput, UpdateSchoolInput } from "@/lib/validations/platform";

// The operator's schools (issue 45): list with counts, create (with its superadmin), change its
// name, hosts, time zone or status. Platform tables through the guarded client; a new school's
// own rows name it explicitly (the guard lets nothing else through).

type Counts = {
  id: number;
  parents: bigint;
  students: bigint;
  orders: bigint;
  payment: unknown;
};

/** Every school with its hosts and how many parents, children and orders it has. */
export async function listSchools(): Promise<PlatformSchoolDto[]> {
  const db = await getDb();
  const [schools, counts] = await Promise.all([
    db.school.findMany({ include: { hosts: true }, orderBy: { id: "asc" } }),
    // The operator's one cross-school read: each count names its school.
    db.$queryRaw<Counts[]>`
      SELECT s."id",
        (SELECT count(*) FROM "User" u WHERE u."schoolId" = s."id" AND u."role" = 'parent'
           AND u."deletedAt" IS NULL) AS "parents",
        (SELECT count(*) FROM "Student" t WHERE t."schoolId" = s."id" AND t."grade" <> 'teacher'
           AND t."archivedAt" IS NULL) AS "students",
        (SELECT count(*) FROM "Order" o WHERE o."schoolId" = s."id") AS "orders",
        (SELECT g."value" FROM "Setting" g WHERE g."schoolId" = s."id"
           AND g."key" = ${PAYMENT_CREDENTIALS_KEY}) AS "payment"
      FROM "School" s`,
  ]);
  const byId = new Map(counts.map((c) => [c.id, c]));
  return schools.map((school) => toDto(school, byId.get(school.id)));
}

type SchoolRow = {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  currency: string;
  status: string;
  createdAt: Date;
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
    counts: {
      parents: Number(counts?.parents ?? 0),
      students: Number(counts?.students ?? 0),
      orders: Number(counts?.orders ?? 0),
    },
    payment: paymentSummary(counts?.payment),
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
