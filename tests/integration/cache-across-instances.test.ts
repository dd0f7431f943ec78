// What an instance keeps in memory (menu, settings, order cycles) is never served stale after an
// edit made elsewhere. Two instances on one database are played by two cache memories in turn
// (instance A reads, instance B edits through the real admin routes, A reads again); on PostgreSQL
// a second Prisma client with its own connections writes as a truly separate process would, and
// on either database a plain SQL write, which no application code sees, must be seen too.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { PrismaPg } from "@prisma/adapter-pg";
import * as validate from "@/app/api/menu-items/validate/route";
import * as availability from "@/app/api/menu/[id]/availability/route";
import * as menu from "@/app/api/menu/route";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as cycles from "@/app/api/order-cycles/route";
import * as cutoff from "@/app/api/settings/cutoff-time/route";
import type { MenuItemDto, OrderCycleDto } from "@/lib/contracts";
import { key, testDb } from "@/tests/support/school";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  activeCycle,
  addMenuItem,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

type Memory = Map<string, unknown>;
const memories: Record<"a" | "b", Memory> = { a: new Map(), b: new Map() };
const holder = globalThis as unknown as { canteenVersionedCache?: Memory };

/** Runs `fn` as instance A or B: with that instance's own cache memory. */
async function on<T>(instance: "a" | "b", fn: () => Promise<T>): Promise<T> {
  holder.canteenVersionedCache = memories[instance];
  try {
    return await fn();
  } finally {
    holder.canteenVersionedCache = undefined;
  }
}

let parent: Browser;
let admin: Browser;
let itemId: number;
let cycleId: number;

const readMenu = async () => {
  const answer = await parent.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");
  expect(answer.status).toBe(200);
  return answer.body.find((item) => item.id === itemId);
};

beforeAll(async () => {
  parent = (await signedUpParent()).browser;
  admin = await signedInSuperadmin();
  itemId = (await addMenuItem()).id;
  cycleId = (await activeCycle()).id;
});

describe("two instances on one database", () => {
  it("B's menu edit is in A's next menu read and cart validation", async () => {
    expect((await on("a", readMenu))?.isAvailable).toBe(true);
    await on("b", readMenu); // B has the menu in memory too
    const edit = await on("b", () =>
      admin.call(availability.PATCH, "PATCH", `/api/menu/${itemId}/availability`, {
        params: { id: String(itemId) },
        body: { isAvailable: false },
      }),
    );
    expect(edit.status).toBe(200);
    expect((await on("a", readMenu))?.isAvailable).toBe(false);
    const check = await on("a", () =>
      parent.call(validate.POST, "POST", "/api/menu-items/validate", {
        body: { menuItemIds: [itemId] },
      }),
    );
    expect(check.body).toMatchObject({ unavailable: [itemId], valid: [] });
  });

  it("B's new cut-off is A's next cut-off", async () => {
    const read = () => parent.call(cutoff.GET, "GET", "/api/settings/cutoff-time");
    const before = (await on("a", read)).body;
    const hour = before.cutoffHour === 7 ? 9 : 7;
    const save = await on("b", () =>
      admin.call(cutoff.POST, "POST", "/api/settings/cutoff-time", { body: { hour, minute: 15 } }),
    );
    expect(save.status).toBe(200);
    expect((await on("a", read)).body).toEqual({ cutoffHour: hour, cutoffMinute: 15 });
  });

  it("B's deactivated cycle is inactive in A's next read", async () => {
    const read = async () =>
      (await parent.call<OrderCycleDto[]>(cycles.GET, "GET", "/api/order-cycles")).body.find(
        (c) => c.id === cycleId,
      );
    expect((await on("a", read))?.isActive).toBe(true);
    const end = await on("b", () =>
      admin.call(cycle.DELETE, "DELETE", `/api/order-cycles/${cycleId}`, {
        params: { id: String(cycleId) },
      }),
    );
    expect(end.status).toBe(200);
    expect((await on("a", read))?.isActive).toBe(false);
    cycleId = (await activeCycle()).id;
  });
});

describe("a write no application code sees", () => {
  let other: PrismaClient | undefined;

  afterAll(async () => {
    await other?.$disconnect();
  });

  it("a plain SQL update of the menu is in the next read", async () => {
    await on("a", readMenu);
    const db = await testDb();
    await db.$executeRaw`UPDATE "MenuItem" SET "description" = 'edited in psql'
      WHERE "schoolId" = 1 AND "id" = ${itemId}`;
    expect((await on("a", readMenu))?.description).toBe("edited in psql");
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    "an edit through a second Prisma client (another process's connections) is in the next read",
    async () => {
      other = new PrismaClient({
        adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }),
      });
      await on("a", readMenu);
      await other.menuItem.update({ where: key(itemId), data: { description: "from B" } });
      expect((await on("a", readMenu))?.description).toBe("from B");
      await other.setting.upsert({
        where: { schoolId_key: { schoolId: 1, key: "cutoff-time" } },
        create: { schoolId: 1, key: "cutoff-time", value: { cutoffHour: 6, cutoffMinute: 5 } },
        update: { value: { cutoffHour: 6, cutoffMinute: 5 } },
      });
      const read = await on("a", () => parent.call(cutoff.GET, "GET", "/api/settings/cutoff-time"));
      expect(read.body).toEqual({ cutoffHour: 6, cutoffMinute: 5 });
    },
  );
});
