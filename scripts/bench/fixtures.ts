// The benchmark's own people, added to a database that prisma/tools/seed-orders.ts has filled, and
// their signed-in browsers. Run by scripts/bench.ts before the server starts (a PGlite folder takes
// one process at a time): npx tsx --conditions=react-server scripts/bench/fixtures.ts OUT.json
//
// - readers: the first seeded parents (seed.parent.N, each with about 60 orders of history);
// - free parents: one primary-school child each, no orders yet, and a 100% discount code, so a
//   one-meal cart costs nothing and POST /api/orders places it;
// - paying parents: one child each, no orders, no code: their cart goes to the card provider;
// - credit parents: one child each, no code, and 2000.00 of account credit (issue 17), so a
//   one-meal cart is paid from the credit by POST /api/orders (credit checkout);
// - mobile parents: the same, for mobile-money payments (one open payment per parent, card or
//   mobile, so they are not the card's parents);
// - superadmin.
// Each gets a Session row and its sealed cookie, exactly as a sign-in makes them (startSession):
// signing in thousands of accounts through argon2 would only measure argon2.
// Everything is the default school's (issue 45), written through its scoped client.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { sealData } from "iron-session";

const { disconnectDb, getDb, schoolDb } = await import("@/lib/db");
const { DEFAULT_SCHOOL_ID } = await import("@/lib/contracts/schools");
const { env } = await import("@/lib/env");
const { hashPassword } = await import("@/lib/security/password");
const { SESSION_MAX_AGE_SECONDS, sessionCookieName } = await import("@/lib/auth/session-cookie");
const { cycleDayDate, schoolToday, toIsoDate } = await import("@/lib/school-calendar");

export type BenchSlot = { cookie: string; studentId: number };
export type BenchFixtures = {
  readers: string[];
  free: BenchSlot[];
  paying: BenchSlot[];
  mobile: BenchSlot[];
  credit: BenchSlot[];
  admin: string;
  /** The school day of the cycle with the most live orders: the kitchen's labels for it. */
  busiestDate: string;
  cycleId: number;
  /** Days of the active cycle after today: open for orders whatever the clock does in the run. */
  openDays: { weekNumber: number; dayOfWeek: number }[];
  meal: { id: number; price: string; category: string; sideDish: string };
  cartItemIds: number[];
};

const READERS = Number(process.env.BENCH_READERS ?? 200);
const FREE = Number(process.env.BENCH_FREE_PARENTS ?? 1000);
const PAYING = Number(process.env.BENCH_PAYING_PARENTS ?? 3000);
const MOBILE = Number(process.env.BENCH_MOBILE_PARENTS ?? 3000);
const CREDIT = Number(process.env.BENCH_CREDIT_PARENTS ?? 1000);

async function main(out: string) {
  const schoolId = DEFAULT_SCHOOL_ID;
  const school = await (await getDb()).school.findUniqueOrThrow({ where: { id: schoolId } });
  const db = await schoolDb(schoolId);
  const config = env();
  const cookieName = sessionCookieName(config.secureCookies);
  const cycle = await db.orderCycle.findFirst({
    where: { isActive: true },
    select: { id: true, startDate: true, cycleLength: true },
  });
  if (!cycle) throw new Error("no active cycle: run prisma/tools/seed-orders.ts first");
  const today = schoolToday(school.timeZone);
  const openDays: BenchFixtures["openDays"] = [];
  for (let weekNumber = 1; weekNumber <= cycle.cycleLength; weekNumber++) {
    for (let dayOfWeek = 1; dayOfWeek <= 5; dayOfWeek++) {
      if (cycleDayDate(toIsoDate(cycle.startDate), weekNumber, dayOfWeek) > today) {
        openDays.push({ weekNumber, dayOfWeek });
      }
    }
  }
  const meals = await db.menuItem.findMany({
    where: { name: { startsWith: "Seed Meal " }, type: "primary" },
    select: { id: true, price: true, categories: true, sideDishes: true },
    orderBy: { id: "asc" },
  });
  const meal = meals[0];
  if (!meal) throw new Error("no seeded primary meal");

  const passwordHash = await hashPassword("seed-parent");
  async function people(prefix: string, count: number, discount: boolean) {
    const users = await db.user.createManyAndReturn({
      data: Array.from({ length: count }, (_, i) => ({
        username: `${prefix}.${i + 1}`,
        usernameKey: `${prefix}.${i + 1}`,
        passwordHash,
        name: `Bench Parent ${prefix} ${i + 1}`,
        email: `${prefix}.${i + 1}@example.com`,
        role: "parent" as const,
      })),
      select: { id: true },
    });
    const students = await db.student.createManyAndReturn({
      data: users.map((u, i) => ({
        name: `Bench Child ${prefix} ${i + 1}`,
        grade: "3",
        parentId: u.id,
      })),
      select: { id: true, parentId: true },
    });
    if (discount) {
      await db.discountCode.createMany({
        data: users.map((u, i) => ({
          code: `${prefix.toUpperCase()}-${i + 1}`,
          userId: u.id,
          discountPercentage: 100,
        })),
      });
    }
    return students.map((s) => ({ userId: s.parentId, studentId: s.id }));
  }
  const free = await people("bench.free", FREE, true);
  const paying = await people("bench.pay", PAYING, false);
  const mobile = await people("bench.mobile", MOBILE, false);
  const credit = await people("bench.credit", CREDIT, false);
  const superadmin = await db.user.findUniqueOrThrow({
    where: { schoolId_usernameKey: { schoolId, usernameKey: "superadmin" } },
    select: { id: true },
  });
  await db.creditEntry.createMany({
    data: credit.map((p) => ({
      userId: p.userId,
      amount: "2000.00",
      kind: "adjustment" as const,
      adminId: superadmin.id,
      reason: "Benchmark credit",
    })),
  });
  const [busiest] = await db.order.groupBy({
    by: ["weekNumber", "dayOfWeek"],
    where: { cycleId: cycle.id, status: { in: ["pending", "completed"] } },
    _count: { _all: true },
    orderBy: { _count: { id: "desc" } },
    take: 1,
  });
  if (!busiest) throw new Error("no live orders in the active cycle");
  const busiestDate = cycleDayDate(
    toIsoDate(cycle.startDate),
    busiest.weekNumber,
    busiest.dayOfWeek,
  );
  const readers = await db.user.findMany({
    where: { username: { startsWith: "seed.parent." } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: READERS,
  });
  const admin = await db.user.findUniqueOrThrow({
    where: { schoolId_usernameKey: { schoolId, usernameKey: "superadmin" } },
    select: { id: true, role: true },
  });

  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const sessions: { id: string; userId: number; expiresAt: Date }[] = [];
  async function cookieFor(userId: number, role: "parent" | "admin" | "teacher") {
    const sid = randomBytes(32).toString("base64url");
    sessions.push({ id: sid, userId, expiresAt });
    const seal = await sealData(
      { sid, uid: userId, role },
      { password: config.SESSION_SECRET, ttl: SESSION_MAX_AGE_SECONDS },
    );
    return `${cookieName}=${seal}`;
  }
  const fixtures: BenchFixtures = {
    readers: await Promise.all(readers.map((r) => cookieFor(r.id, "parent"))),
    free: await Promise.all(
      free.map(async (p) => ({
        cookie: await cookieFor(p.userId, "parent"),
        studentId: p.studentId,
      })),
    ),
    paying: await Promise.all(
      paying.map(async (p) => ({
        cookie: await cookieFor(p.userId, "parent"),
        studentId: p.studentId,
      })),
    ),
    mobile: await Promise.all(
      mobile.map(async (p) => ({
        cookie: await cookieFor(p.userId, "parent"),
        studentId: p.studentId,
      })),
    ),
    credit: await Promise.all(
      credit.map(async (p) => ({
        cookie: await cookieFor(p.userId, "parent"),
        studentId: p.studentId,
      })),
    ),
    admin: await cookieFor(admin.id, admin.role),
    busiestDate,
    cycleId: cycle.id,
    openDays,
    meal: {
      id: meal.id,
      price: meal.price.toFixed(2),
      category: meal.categories[0] ?? "",
      sideDish: meal.sideDishes[0] ?? "",
    },
    cartItemIds: meals.slice(0, 5).map((m) => m.id),
  };
  for (let i = 0; i < sessions.length; i += 5_000) {
    await db.session.createMany({ data: sessions.slice(i, i + 5_000) });
  }
  // Planner statistics for the bulk-loaded tables, as PostgreSQL's autovacuum gathers them within
  // a minute of such a load (PGlite has no autovacuum: there it is this statement or nothing).
  await db.$executeRawUnsafe("ANALYZE");
  writeFileSync(out, JSON.stringify(fixtures));
  console.info(
    `[bench-fixtures] ${fixtures.readers.length} readers, ${free.length} free, ${paying.length} ` +
      `card, ${mobile.length} mobile and ${credit.length} credit parents, ${openDays.length} open days, labels for ${busiestDate}`,
  );
}

const out = process.argv[2];
if (!out) {
  console.error("usage: fixtures.ts OUT.json");
  process.exitCode = 2;
} else {
  try {
    await main(out);
  } catch (error) {
    console.error("[bench-fixtures] failed:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await disconnectDb();
  }
}
