import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashPassword, generatePassword } from "@/lib/security/password";
import { FEATURES, SUPERADMIN_USERNAME } from "@/lib/contracts/permissions";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { seedOperator } from "@/lib/seed-operator";
import { mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { DEMO_ACCOUNTS } from "@/lib/seed-accounts";
import { usernameKey } from "@/lib/validations/username";

// Seeding is idempotent: every step checks for what it would create, so running it twice, or on
// several instances at once, changes nothing the second time.

const DEMO_MENU = [
  {
    name: "Beef Stew with Nshima",
    description: "Slow-cooked beef stew served with nshima and greens.",
    price: "45.00",
    type: "secondary",
    categories: ["beef"],
    sideDishes: ["Nshima", "Rice"],
  },
  {
    name: "Grilled Chicken and Rice",
    description: "Grilled chicken thigh with rice and coleslaw.",
    price: "50.00",
    discountPrice: "45.00",
    type: "secondary",
    categories: ["chicken", "vegetarian"],
    sideDishes: ["Rice", "Chips"],
  },
  {
    name: "Fish Fingers",
    description: "Crumbed hake fingers with chips.",
    price: "35.00",
    type: "primary",
    categories: ["fish"],
    sideDishes: ["Chips", "Mash"],
  },
  {
    name: "Chicken Wrap",
    description: "Soft wrap with chicken strips and salad.",
    price: "30.00",
    type: "primary",
    categories: ["chicken"],
    sideDishes: [],
  },
  {
    name: "Vegetable Pasta",
    description: "Penne in tomato sauce with seasonal vegetables.",
    price: "32.50",
    type: "primary",
    categories: ["vegetarian"],
    sideDishes: ["Garlic bread"],
  },
] as const;

// The clients are typed as Prisma's own: lib/db.ts hands in its guarded client and the default
// school's scoped one (this module is imported by lib/db.ts, so it does not import it back).
type Db = PrismaClient;

/**
 * First start: the platform's operator, and the default school (issue 45) as a single-school
 * install always had it. The default school's time zone follows SCHOOL_TIMEZONE when it is set.
 * `client` is the guarded client, `school` the default school's scoped one.
 */
export async function seedIfEmpty(client: Db, school: Db): Promise<void> {
  await seedOperator(client);
  if (process.env.SCHOOL_TIMEZONE) {
    await client.school.updateMany({
      where: { id: DEFAULT_SCHOOL_ID, NOT: { timeZone: env().SCHOOL_TIMEZONE } },
      data: { timeZone: env().SCHOOL_TIMEZONE },
    });
  }
  const db = school;
  if ((await db.user.count({ where: { schoolId: DEFAULT_SCHOOL_ID } })) > 0) return;
  await seed(db);
}

/** The default school's superadmin, settings and (SEED_DEMO) demo data; `db` is its scoped client. */
export async function seed(db: Db): Promise<void> {
  const config = env();
  await seedSuperadmin(db, config.SEED_SUPERADMIN_PASSWORD);
  await seedSettings(db, DEFAULT_SCHOOL_ID);
  if (config.SEED_DEMO) await seedDemo(db, config.SCHOOL_TIMEZONE);
}

const schoolId = DEFAULT_SCHOOL_ID;

async function seedSuperadmin(db: Db, givenPassword: string | undefined) {
  const key = usernameKey(SUPERADMIN_USERNAME);
  const where = { schoolId_usernameKey: { schoolId, usernameKey: key } };
  if (await db.user.findUnique({ where, select: { id: true } })) return;
  const password = givenPassword ?? generatePassword(16);
  const created = await db.user.createMany({
    data: {
      schoolId,
      username: SUPERADMIN_USERNAME,
      usernameKey: key,
      passwordHash: await hashPassword(password),
      name: "Super Admin",
      role: "admin",
      allowedFeatures: [...FEATURES],
    },
    skipDuplicates: true,
  });
  if (created.count > 0 && !givenPassword) {
    // Kept out of the logs (they are shipped and kept): the password goes to a file only the
    // server's user can read, beside the embedded database and the session secret.
    const file = passwordFile();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    log.warn(
      { file },
      `created "${SUPERADMIN_USERNAME}" with a generated password, written to the file; sign in, change it and delete the file (or set SEED_SUPERADMIN_PASSWORD before the first start)`,
    );
  }
}

function passwordFile(): string {
  const dataDir = env().PGLITE_DATA_DIR;
  const base = dataDir.startsWith("memory://") ? ".data" : path.dirname(path.resolve(dataDir));
  return path.resolve(base, "superadmin-password");
}

/** A school's first settings and cache versions (the default school's, and each new school's). */
export async function seedSettings(
  db: Pick<Prisma.TransactionClient, "setting" | "cacheVersion">,
  schoolId: number,
) {
  await db.setting.createMany({
    data: [
      { schoolId, key: "cutoff-time", value: { cutoffHour: 8, cutoffMinute: 0 } },
      { schoolId, key: "cycle-length", value: { cycleLength: 4 } },
      { schoolId, key: "payment-bypass", value: { enabled: false } },
      { schoolId, key: "communication", value: { supportEmail: "", whatsappNumber: "" } },
    ],
    skipDuplicates: true,
  });
  await db.cacheVersion.createMany({
    data: ["menu", "settings", "cycles"].map((key) => ({ schoolId, key, version: 0 })),
    skipDuplicates: true,
  });
}

async function seedDemo(db: Db, timeZone: string) {
  const parentKey = usernameKey(DEMO_ACCOUNTS.parent.username);
  const where = { schoolId_usernameKey: { schoolId, usernameKey: parentKey } };
  if (await db.user.findUnique({ where, select: { id: true } })) return;

  await db.$transaction(async (tx) => {
    const parent = await tx.user.create({
      data: {
        schoolId,
        username: DEMO_ACCOUNTS.parent.username,
        usernameKey: parentKey,
        passwordHash: await hashPassword(DEMO_ACCOUNTS.parent.password),
        name: DEMO_ACCOUNTS.parent.name,
        email: "demo.parent@example.com",
        phone: "+260 97 1234567",
        role: "parent",
      },
    });
    await tx.student.createMany({
      data: [
        { schoolId, name: "Chanda Demo", grade: "3", parentId: parent.id },
        { schoolId, name: "Mwila Demo", grade: "8", parentId: parent.id },
      ],
    });
    const teacher = await tx.user.create({
      data: {
        schoolId,
        username: DEMO_ACCOUNTS.teacher.username,
        usernameKey: usernameKey(DEMO_ACCOUNTS.teacher.username),
        passwordHash: await hashPassword(DEMO_ACCOUNTS.teacher.password),
        name: DEMO_ACCOUNTS.teacher.name,
        email: "demo.teacher@example.com",
        role: "teacher",
      },
    });
    await tx.student.create({
      data: {
        schoolId,
        name: DEMO_ACCOUNTS.teacher.name,
        grade: "teacher",
        parentId: teacher.id,
      },
    });
    await tx.menuItem.createMany({
      data: DEMO_MENU.map((item) => ({
        schoolId,
        ...item,
        categories: [...item.categories],
        sideDishes: [...item.sideDishes],
        proteinDescriptions: {},
        weekNumbers: [1, 2, 3, 4, 5, 6],
        daysOfWeek: [1, 2, 3, 4, 5],
        allergens: [],
      })),
    });
    const active = { schoolId, isActive: true };
    if (!(await tx.orderCycle.findFirst({ where: active, select: { id: true } }))) {
      const startDate = parseIsoDate(mondayOf(schoolToday(timeZone)));
      if (startDate) {
        await tx.orderCycle.create({
          data: { schoolId, startDate, cycleLength: 4, isActive: true },
        });
      }
    }
  });
}
