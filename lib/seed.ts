import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashPassword, generatePassword } from "@/lib/security/password";
import { FEATURES, SUPERADMIN_USERNAME } from "@/lib/contracts/permissions";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import type { PrismaClient } from "@/lib/generated/prisma/client";
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

export async function seedIfEmpty(db: PrismaClient): Promise<void> {
  if ((await db.user.count()) > 0) return;
  await seed(db);
}

export async function seed(db: PrismaClient): Promise<void> {
  const config = env();
  await seedSuperadmin(db, config.SEED_SUPERADMIN_PASSWORD);
  await seedSettings(db);
  if (config.SEED_DEMO) await seedDemo(db, config.SCHOOL_TIMEZONE);
}

async function seedSuperadmin(db: PrismaClient, givenPassword: string | undefined) {
  const key = usernameKey(SUPERADMIN_USERNAME);
  if (await db.user.findUnique({ where: { usernameKey: key }, select: { id: true } })) return;
  const password = givenPassword ?? generatePassword(16);
  const created = await db.user.createMany({
    data: {
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

async function seedSettings(db: PrismaClient) {
  await db.setting.createMany({
    data: [
      { key: "cutoff-time", value: { cutoffHour: 8, cutoffMinute: 0 } },
      { key: "cycle-length", value: { cycleLength: 4 } },
      { key: "payment-bypass", value: { enabled: false } },
      { key: "communication", value: { supportEmail: "", whatsappNumber: "" } },
    ],
    skipDuplicates: true,
  });
}

async function seedDemo(db: PrismaClient, timeZone: string) {
  const parentKey = usernameKey(DEMO_ACCOUNTS.parent.username);
  if (await db.user.findUnique({ where: { usernameKey: parentKey }, select: { id: true } })) return;

  await db.$transaction(async (tx) => {
    const parent = await tx.user.create({
      data: {
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
        { name: "Chanda Demo", grade: "3", parentId: parent.id },
        { name: "Mwila Demo", grade: "8", parentId: parent.id },
      ],
    });
    const teacher = await tx.user.create({
      data: {
        username: DEMO_ACCOUNTS.teacher.username,
        usernameKey: usernameKey(DEMO_ACCOUNTS.teacher.username),
        passwordHash: await hashPassword(DEMO_ACCOUNTS.teacher.password),
        name: DEMO_ACCOUNTS.teacher.name,
        email: "demo.teacher@example.com",
        role: "teacher",
      },
    });
    await tx.student.create({
      data: { name: DEMO_ACCOUNTS.teacher.name, grade: "teacher", parentId: teacher.id },
    });
    await tx.menuItem.createMany({
      data: DEMO_MENU.map((item) => ({
        ...item,
        categories: [...item.categories],
        sideDishes: [...item.sideDishes],
        proteinDescriptions: {},
        weekNumbers: [1, 2, 3, 4, 5, 6],
        daysOfWeek: [1, 2, 3, 4, 5],
        allergens: [],
      })),
    });
    if (!(await tx.orderCycle.findFirst({ where: { isActive: true }, select: { id: true } }))) {
      const startDate = parseIsoDate(mondayOf(schoolToday(timeZone)));
      if (startDate) {
        await tx.orderCycle.create({ data: { startDate, cycleLength: 4, isActive: true } });
      }
    }
  });
}
