// The schools of `npm run bench:capacity` (issue 46), each with its own realistic data, added to a
// migrated and deploy-seeded database: npx tsx --conditions=react-server
// scripts/bench/capacity-seed.ts N OUT_DIR. Schools 1..N that OUT_DIR has no fixtures for yet are
// created, so a larger step of the search only adds the schools it lacks (the server is stopped
// meanwhile: a PGlite folder takes one process at a time).
//
// A school is made the product's way, by the operator's createSchool (its host
// s<k>.bench.localhost, its settings and its superadmin), then given, through its scoped client:
// 1,000 parents (CAPACITY_PARENTS) with 1,500 children (CAPACITY_CHILDREN), 40 menu items, an
// active 4-week cycle starting this week's Monday, and 62,500 orders in it (CAPACITY_ORDERS:
// prisma/tools/seed-orders.ts's 50,000 for 1,200 children, scaled to 1,500). Every child has its
// live order on each day of weeks 1–3; the rest are cancelled or refunded re-orders of those days;
// week 4 is left for the evening's orders. The orders are one set-based INSERT … SELECT per school.
// Parents 1–100 have a 100% code (free orders), 101–300 have 2000.00 of credit, 301–650 pay by
// card and 651–1000 by mobile money. Each parent and the superadmin get a Session row and its
// sealed cookie, exactly as a sign-in makes them (as scripts/bench/fixtures.ts does).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sealData } from "iron-session";
import {
  ADMIN_PASSWORD,
  PARENT_PASSWORD,
  fixturesFile,
  schoolHost,
  type CapacitySchool,
} from "./capacity-types";

const { disconnectDb, getDb, schoolDb } = await import("@/lib/db");
const { env } = await import("@/lib/env");
const { hashPassword } = await import("@/lib/security/password");
const { SESSION_MAX_AGE_SECONDS, sessionCookieName } = await import("@/lib/auth/session-cookie");
const { mondayOf, parseIsoDate, schoolToday } = await import("@/lib/school-calendar");
const { createSchool } = await import("@/lib/platform/schools");
const { createSchoolSchema } = await import("@/lib/validations/platform");

const PARENTS = Number(process.env.CAPACITY_PARENTS ?? 1_000);
const CHILDREN = Number(process.env.CAPACITY_CHILDREN ?? 1_500);
const ORDERS = Number(process.env.CAPACITY_ORDERS ?? 62_500);
const MENU_ITEMS = 40;
const ORDERED_WEEKS = 3;

// One set-based statement: order i is slot i mod (children × 15 days); its first pass is the slot's
// live order, later passes cancelled (70%) or refunded re-orders. $1 school, $2 cycle, $3 orders.
const ORDERS_SQL = `
WITH st AS (
  SELECT id, "parentId", row_number() OVER (ORDER BY id) - 1 AS k
  FROM "Student" WHERE "schoolId" = $1),
mi AS (
  SELECT id, price, row_number() OVER (ORDER BY id) - 1 AS k
  FROM "MenuItem" WHERE "schoolId" = $1),
n AS (SELECT (SELECT count(*) FROM st) AS students, (SELECT count(*) FROM mi) AS items),
g AS (
  SELECT i, i % (n.students * ${ORDERED_WEEKS * 5}) AS slot,
    i / (n.students * ${ORDERED_WEEKS * 5}) AS pass, n.students, n.items
  FROM n, generate_series(0, $3::int - 1) AS i)
INSERT INTO "Order" ("schoolId", "userId", "studentId", "menuItemId", "cycleId", "weekNumber",
  "dayOfWeek", "category", "sideDish", "comments", "originalPrice", "discountedPrice",
  "discountPercentage", "status", "paymentStatus", "paymentProcessor", "orderDate", "updatedAt")
SELECT $1, st."parentId", st.id, mi.id, $2, (g.slot / g.students) / 5 + 1,
  (g.slot / g.students) % 5 + 1,
  (ARRAY['chicken','beef','vegetarian'])[g.i % 3 + 1],
  (ARRAY['Rice','Nshima','Chips'])[(g.i / 3) % 3 + 1],
  CASE WHEN g.i % 20 = 0 THEN 'No onions please' END,
  mi.price,
  CASE WHEN g.i % 10 = 7 THEN round(mi.price * 0.9, 2) ELSE mi.price END,
  CASE WHEN g.i % 10 = 7 THEN 10 ELSE 0 END,
  (CASE WHEN g.pass = 0 THEN (CASE WHEN g.i % 2 = 0 THEN 'completed' ELSE 'pending' END)
        WHEN g.i % 10 < 7 THEN 'cancelled' ELSE 'refunded' END)::"OrderStatus",
  'confirmed'::"PaymentStatus", 'DPO',
  now() - ((g.i::bigint * 7919) % (21 * 86400))::float8 * interval '1 second', now()
FROM g
JOIN st ON st.k = g.slot % g.students
JOIN mi ON mi.k = (g.i * 7) % g.items`;

async function seedSchool(k: number, passwordHash: string): Promise<CapacitySchool> {
  const host = schoolHost(k);
  const created = await createSchool(
    createSchoolSchema.parse({
      name: `Bench School ${k}`,
      slug: `bench-s${k}`,
      hosts: [host],
      timeZone: "Africa/Lusaka",
      adminEmail: `admin@${host}`,
      adminPassword: ADMIN_PASSWORD,
    }),
    null,
  );
  const schoolId = created.school.id;
  const db = await schoolDb(schoolId);
  const start = mondayOf(schoolToday(created.school.timeZone));
  const cycle = await db.orderCycle.create({
    data: { schoolId, startDate: parseIsoDate(start)!, cycleLength: 4, isActive: true },
    select: { id: true },
  });
  const parents = await db.user.createManyAndReturn({
    data: Array.from({ length: PARENTS }, (_, i) => ({
      schoolId,
      username: `cap.parent.${i + 1}`,
      usernameKey: `cap.parent.${i + 1}`,
      passwordHash,
      name: `Capacity Parent ${i + 1}`,
      email: `cap.parent.${i + 1}@example.com`,
      role: "parent" as const,
    })),
    select: { id: true },
  });
  const primary = ["ELC", "K", "1", "2", "3", "4", "5"];
  const secondary = ["6", "7", "8", "9", "10", "11", "12"];
  const students = await db.student.createManyAndReturn({
    // Child i belongs to parent i mod PARENTS: every parent has one, half of them a second. A
    // parent's first child is at primary school (the evening's orders are its primary meal's),
    // the second children at secondary school.
    data: Array.from({ length: CHILDREN }, (_, i) => ({
      schoolId,
      name: `Capacity Child ${i + 1}`,
      grade: (i < PARENTS ? primary : secondary)[i % 7]!,
      parentId: parents[i % PARENTS]!.id,
    })),
    select: { id: true },
  });
  const items = await db.menuItem.createManyAndReturn({
    data: Array.from({ length: MENU_ITEMS }, (_, i) => ({
      schoolId,
      name: `Seed Meal ${i + 1}`,
      description: "Load-test meal",
      price: (30 + (i % 10) * 5).toFixed(2),
      type: i % 2 === 0 ? ("primary" as const) : ("secondary" as const),
      categories: ["chicken", "beef", "vegetarian"],
      sideDishes: ["Rice", "Nshima", "Chips"],
      weekNumbers: [1, 2, 3, 4, 5, 6],
      daysOfWeek: [1, 2, 3, 4, 5],
    })),
    select: { id: true, price: true, type: true },
  });
  await (await getDb()).$executeRawUnsafe(ORDERS_SQL, schoolId, cycle.id, ORDERS);

  // Parents by how they pay (index ranges of `parents`).
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, Math.min(to, PARENTS) - from) }, (_, i) => from + i);
  const free = range(0, 100);
  const credit = range(100, 300);
  const card = range(300, 650);
  const mobile = range(650, PARENTS);
  await db.discountCode.createMany({
    data: free.map((i) => ({
      schoolId,
      code: `CAP-FREE-${i + 1}`,
      userId: parents[i]!.id,
      discountPercentage: 100,
    })),
  });
  const superadmin = await db.user.findUniqueOrThrow({
    where: { schoolId_usernameKey: { schoolId, usernameKey: "superadmin" } },
    select: { id: true, role: true },
  });
  await db.creditEntry.createMany({
    data: credit.map((i) => ({
      schoolId,
      userId: parents[i]!.id,
      amount: "2000.00",
      kind: "adjustment" as const,
      adminId: superadmin.id,
      reason: "Benchmark credit",
    })),
  });

  const config = env();
  const cookieName = sessionCookieName(config.secureCookies);
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const sessions: { schoolId: number; id: string; userId: number; expiresAt: Date }[] = [];
  async function cookieFor(userId: number, role: "parent" | "admin" | "teacher") {
    const sid = randomBytes(32).toString("base64url");
    sessions.push({ schoolId, id: sid, userId, expiresAt });
    const seal = await sealData(
      { sid, uid: userId, role },
      { password: config.SESSION_SECRET, ttl: SESSION_MAX_AGE_SECONDS },
    );
    return `${cookieName}=${seal}`;
  }
  const meal = items.find((item) => item.type === "primary")!;
  const school: CapacitySchool = {
    index: k,
    schoolId,
    host,
    admin: await cookieFor(superadmin.id, superadmin.role),
    parents: await Promise.all(
      parents.map(async (p, i) => ({
        cookie: await cookieFor(p.id, "parent"),
        studentId: students[i]!.id,
      })),
    ),
    free,
    credit,
    card,
    mobile,
    usernames: parents.map((_, i) => `cap.parent.${i + 1}`),
    cycleId: cycle.id,
    openDays: [1, 2, 3, 4, 5].map((dayOfWeek) => ({ weekNumber: ORDERED_WEEKS + 1, dayOfWeek })),
    meal: {
      id: meal.id,
      price: meal.price.toFixed(2),
      category: "chicken",
      sideDish: "Rice",
    },
    cartItemIds: items.slice(0, 5).map((m) => m.id),
  };
  await db.session.createMany({ data: sessions });
  return school;
}

async function main(count: number, dir: string) {
  mkdirSync(dir, { recursive: true });
  const passwordHash = await hashPassword(PARENT_PASSWORD);
  let added = 0;
  const started = performance.now();
  for (let k = 1; k <= count; k++) {
    if (existsSync(fixturesFile(dir, k))) continue;
    const t = performance.now();
    const school = await seedSchool(k, passwordHash);
    writeFileSync(fixturesFile(dir, k), JSON.stringify(school));
    added++;
    console.info(
      `[capacity-seed] school ${k} (id ${school.schoolId}, ${school.host}): ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  // Planner statistics for the bulk-loaded tables, as autovacuum would gather them (PGlite has none).
  if (added) await (await getDb()).$executeRawUnsafe("ANALYZE");
  console.info(
    `[capacity-seed] ${added} schools added in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const [countArg, dirArg] = process.argv.slice(2);
if (!countArg || !dirArg) {
  console.error("usage: capacity-seed.ts N OUT_DIR");
  process.exitCode = 2;
} else {
  try {
    await main(Number(countArg), dirArg);
  } catch (error) {
    console.error("[capacity-seed] failed:", error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  } finally {
    await disconnectDb();
  }
}
