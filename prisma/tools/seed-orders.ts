// A load data set for trying the admin screens at scale: 800 parents, 1,200 students, 40 menu items
// and 50,000 orders in the active cycle (one is made, starting this week's Monday, when none is).
// Run: npx tsx --conditions=react-server prisma/tools/seed-orders.ts
// Refuses to run twice (it looks for its first parent). Parents sign in as seed.parent.N with the
// password "seed-parent". Every live (pending/completed) order has its own student and day, as the
// one-live-order index demands; the rest are cancelled or refunded re-orders of the same days.
// Many schools (issue 45): at the default school, or at SEED_SCHOOL_ID when it is set.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { disconnectDb, getDb, schoolDb } = await import("@/lib/db");
const { DEFAULT_SCHOOL_ID } = await import("@/lib/contracts/schools");
const { hashPassword } = await import("@/lib/security/password");
const { GRADES } = await import("@/lib/contracts");
const { mondayOf, parseIsoDate, schoolToday, toIsoDate } = await import("@/lib/school-calendar");

const PARENTS = 800;
const STUDENTS = 1_200;
const MENU_ITEMS = 40;
const ORDERS = 50_000;
const BATCH = 5_000;
const FIRST_PARENT = "seed.parent.1";

/** A small deterministic generator, so two runs on empty databases make the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function main() {
  const schoolId = Number(process.env.SEED_SCHOOL_ID || DEFAULT_SCHOOL_ID);
  const school = await (await getDb()).school.findUnique({ where: { id: schoolId } });
  if (!school) throw new Error(`no school ${schoolId}`);
  // The school's scoped client: every row written carries the school, every read is its own.
  const db = await schoolDb(schoolId);
  const rand = random(20_240_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

  const firstParent = { schoolId_usernameKey: { schoolId, usernameKey: FIRST_PARENT } };
  if (await db.user.findUnique({ where: firstParent, select: { id: true } })) {
    console.error("[seed-orders] already seeded (seed.parent.1 exists); nothing done");
    process.exitCode = 1;
    return;
  }

  let cycle = await db.orderCycle.findFirst({
    where: { schoolId, isActive: true },
    select: { id: true, startDate: true, cycleLength: true, blockedDays: true },
  });
  if (!cycle) {
    const start = mondayOf(schoolToday(school.timeZone));
    cycle = await db.orderCycle.create({
      data: { schoolId, startDate: parseIsoDate(start)!, cycleLength: 4, isActive: true },
      select: { id: true, startDate: true, cycleLength: true, blockedDays: true },
    });
    console.info(`[seed-orders] created an active 4-week cycle starting ${start}`);
  }
  const blocked = new Set(
    (Array.isArray(cycle.blockedDays) ? cycle.blockedDays : []).map((b) => {
      const day = b as { weekNumber?: unknown; dayOfWeek?: unknown };
      return `${String(day.weekNumber)}-${String(day.dayOfWeek)}`;
    }),
  );
  const days: { weekNumber: number; dayOfWeek: number }[] = [];
  for (let weekNumber = 1; weekNumber <= cycle.cycleLength; weekNumber++) {
    for (let dayOfWeek = 1; dayOfWeek <= 5; dayOfWeek++) {
      if (!blocked.has(`${weekNumber}-${dayOfWeek}`)) days.push({ weekNumber, dayOfWeek });
    }
  }

  console.info("[seed-orders] parents...");
  const passwordHash = await hashPassword("seed-parent");
  const parents = await db.user.createManyAndReturn({
    data: Array.from({ length: PARENTS }, (_, i) => ({
      schoolId,
      username: `seed.parent.${i + 1}`,
      usernameKey: `seed.parent.${i + 1}`,
      passwordHash,
      name: `Seed Parent ${i + 1}`,
      email: `seed.parent.${i + 1}@example.com`,
      role: "parent" as const,
    })),
    select: { id: true },
  });

  console.info("[seed-orders] students...");
  const students = await db.student.createManyAndReturn({
    data: Array.from({ length: STUDENTS }, (_, i) => ({
      schoolId,
      name: `Seed Student ${i + 1}`,
      grade: pick(GRADES),
      // Every parent has at least one child; half of them a second.
      parentId: parents[i % PARENTS]!.id,
    })),
    select: { id: true, parentId: true },
  });

  console.info("[seed-orders] menu items...");
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
    select: { id: true, price: true },
  });

  // Slot = (student, day). The first pass gives every slot its live order; later passes add
  // cancelled or refunded ones, which the one-live-order index does not count.
  const slots = students.length * days.length;
  const now = Date.now();
  console.info(
    `[seed-orders] ${ORDERS} orders in cycle ${cycle.id} (${toIsoDate(cycle.startDate)})...`,
  );
  for (let from = 0; from < ORDERS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, ORDERS - from) }, (_, k) => {
      const i = from + k;
      const slot = i % slots;
      const pass = Math.floor(i / slots);
      const student = students[slot % students.length]!;
      const day = days[Math.floor(slot / students.length)]!;
      const item = pick(items);
      const discount = rand() < 0.1 ? 10 : 0;
      const price = item.price.toNumber();
      const status =
        pass === 0
          ? rand() < 0.5
            ? ("completed" as const)
            : ("pending" as const)
          : rand() < 0.7
            ? ("cancelled" as const)
            : ("refunded" as const);
      return {
        schoolId,
        userId: student.parentId,
        studentId: student.id,
        menuItemId: item.id,
        cycleId: cycle.id,
        weekNumber: day.weekNumber,
        dayOfWeek: day.dayOfWeek,
        category: pick(["chicken", "beef", "vegetarian"]),
        sideDish: pick(["Rice", "Nshima", "Chips"]),
        comments: rand() < 0.05 ? "No onions please" : null,
        originalPrice: price.toFixed(2),
        discountedPrice: ((price * (100 - discount)) / 100).toFixed(2),
        discountPercentage: discount,
        status,
        paymentStatus: "confirmed" as const,
        paymentProcessor: "DPO",
        orderDate: new Date(now - Math.floor(rand() * 21 * 86_400_000)),
      };
    });
    await db.order.createMany({ data: batch });
    console.info(`[seed-orders]   ${from + batch.length}`);
  }
  console.info("[seed-orders] done");
}

try {
  await main();
} catch (error) {
  console.error("[seed-orders] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
