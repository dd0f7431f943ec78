// The school's reference data is its own (issue 45): schools A (the default) and B each have their
// menu, cycles and settings. Read at each host, each school sees only its own; A's admin acting on
// B's menu item or cycle gets 404 and B's rows stay as they were; a settings write at A leaves B's
// settings, B's cache versions and B's cached menu as they were.
import { beforeAll, describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import * as archive from "@/app/api/menu/[id]/archive/route";
import * as availability from "@/app/api/menu/[id]/availability/route";
import * as hasOrders from "@/app/api/menu/[id]/has-orders/route";
import * as item from "@/app/api/menu/[id]/route";
import * as bulkArchive from "@/app/api/menu/bulk-archive/route";
import * as duplicate from "@/app/api/menu/duplicate/route";
import * as menu from "@/app/api/menu/route";
import * as closeDay from "@/app/api/order-cycles/[id]/close-day/route";
import * as reactivate from "@/app/api/order-cycles/[id]/reactivate/route";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as orderCycles from "@/app/api/order-cycles/route";
import * as revenue from "@/app/api/revenue/stats/route";
import * as allergens from "@/app/api/settings/allergens/route";
import * as cutoffTime from "@/app/api/settings/cutoff-time/route";
import type { MenuItemDto, OrderCycleDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { parseIsoDate } from "@/lib/school-calendar";
import { signedInSuperadmin } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { createSchool, key, testDb } from "@/tests/support/school";

const B_HOST = "http://second.localhost:3000";

let b: SchoolContext;
let adminA: Browser;
let adminB: Browser;
let itemB: number;
let cycleA: number;
let cycleB: number;

beforeAll(async () => {
  b = await createSchool("second", { name: "Second School", adminPassword: "second-admin-pass" });
  const dbA = await testDb();
  const dbB = await testDb(b.id);
  await dbA.menuItem.create({ data: { name: "Alpha Stew", price: "40.00" } });
  itemB = (
    await dbB.menuItem.create({
      data: { name: "Beta Curry", price: "55.00", weekNumbers: [1, 2], daysOfWeek: [1, 2, 3] },
    })
  ).id;
  const start = (iso: string) => parseIsoDate(iso)!;
  cycleA = (
    await dbA.orderCycle.create({
      data: { startDate: start("2030-01-07"), cycleLength: 4, isActive: true },
    })
  ).id;
  cycleB = (
    await dbB.orderCycle.create({
      data: { startDate: start("2030-03-04"), cycleLength: 6, isActive: true },
    })
  ).id;
  await dbB.setting.upsert({
    where: { schoolId_key: { schoolId: b.id, key: "cutoff-time" } },
    create: { schoolId: b.id, key: "cutoff-time", value: { cutoffHour: 10, cutoffMinute: 30 } },
    update: { value: { cutoffHour: 10, cutoffMinute: 30 } },
  });
  adminA = await signedInSuperadmin();
  adminB = new Browser("198.51.77.1", B_HOST);
  const answer = await adminB.call(login.POST, "POST", "/api/login", {
    body: { username: "superadmin", password: "second-admin-pass" },
  });
  if (answer.status !== 200) throw new Error(`B's login failed: ${JSON.stringify(answer.body)}`);
});

const bItem = async () => (await testDb(b.id)).menuItem.findUnique({ where: key(itemB, b.id) });
const bCycle = async () => (await testDb(b.id)).orderCycle.findUnique({ where: key(cycleB, b.id) });
const bVersions = async () =>
  (await testDb(b.id)).cacheVersion.findMany({
    where: { schoolId: b.id },
    orderBy: { key: "asc" },
    select: { key: true, version: true },
  });
const menuAt = (browser: Browser) =>
  browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu").then((a) => a.body.map((i) => i.name));

describe("each host shows its own school's reference data", () => {
  it("GET /api/menu", async () => {
    expect(await menuAt(adminA)).toEqual(["Alpha Stew"]);
    expect(await menuAt(adminB)).toEqual(["Beta Curry"]);
  });

  it("GET /api/settings/cutoff-time", async () => {
    const a = await adminA.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    const atB = await adminB.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    expect(a.body).toEqual({ cutoffHour: 8, cutoffMinute: 0 });
    expect(atB.body).toEqual({ cutoffHour: 10, cutoffMinute: 30 });
  });

  it("GET /api/order-cycles and the revenue's cycle list", async () => {
    const ids = async (browser: Browser) =>
      (await browser.call<OrderCycleDto[]>(orderCycles.GET, "GET", "/api/order-cycles")).body.map(
        (c) => c.id,
      );
    expect(await ids(adminA)).toEqual([cycleA]);
    expect(await ids(adminB)).toEqual([cycleB]);
    const stats = await adminA.call<{ cycles: { id: number }[] }>(
      revenue.GET,
      "GET",
      "/api/revenue/stats",
    );
    expect(stats.body.cycles.map((c) => c.id)).toEqual([cycleA]);
    const foreign = await adminA.call(revenue.GET, "GET", "/api/revenue/stats", {
      query: { cycleId: String(cycleB) },
    });
    expect(foreign.status).toBe(404);
  });

  it("A's cookie at B's host is nobody there", async () => {
    expect((await adminA.at(B_HOST).call(menu.GET, "GET", "/api/menu")).status).toBe(401);
  });
});

describe("A's admin with B's ids", () => {
  const params = () => ({ id: String(itemB) });

  it("cannot read, edit, archive, switch off, duplicate or delete B's menu item", async () => {
    const before = await bItem();
    const body = {
      name: "Hijacked",
      description: "Slow cooked",
      price: "45.5",
      imageUrl: "",
      type: "primary",
      categories: ["beef"],
      proteinDescriptions: {},
      weekNumbers: [1],
      daysOfWeek: [1],
      allergens: [],
      sideDishes: ["Rice"],
      isAvailable: true,
      version: before!.version,
    };
    const answers = [
      await adminA.call(item.GET, "GET", `/api/menu/${itemB}`, { params: params() }),
      await adminA.call(hasOrders.GET, "GET", `/api/menu/${itemB}/has-orders`, {
        params: params(),
      }),
      await adminA.call(item.PUT, "PUT", `/api/menu/${itemB}`, { params: params(), body }),
      await adminA.call(archive.PATCH, "PATCH", `/api/menu/${itemB}/archive`, {
        params: params(),
        body: { isArchived: true },
      }),
      await adminA.call(availability.PATCH, "PATCH", `/api/menu/${itemB}/availability`, {
        params: params(),
        body: { isAvailable: false },
      }),
      await adminA.call(duplicate.POST, "POST", "/api/menu/duplicate", {
        body: { itemIds: [itemB] },
      }),
      await adminA.call(item.DELETE, "DELETE", `/api/menu/${itemB}`, { params: params() }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // The bulk archive ignores ids it does not know: none of B's is touched.
    const bulk = await adminA.call(bulkArchive.POST, "POST", "/api/menu/bulk-archive", {
      body: { itemIds: [itemB], isArchived: true },
    });
    expect(bulk.body).toEqual({ updated: 0 });
    expect(await bItem()).toEqual(before);
    expect(await menuAt(adminB)).toEqual(["Beta Curry"]);
  });

  it("cannot deactivate, reactivate or close a day of B's cycle", async () => {
    const before = await bCycle();
    const params = { id: String(cycleB) };
    const day = { weekNumber: 1, dayOfWeek: 2 };
    const answers = [
      await adminA.call(cycle.DELETE, "DELETE", `/api/order-cycles/${cycleB}`, {
        params,
        query: { force: "true" },
      }),
      await adminA.call(reactivate.POST, "POST", `/api/order-cycles/${cycleB}/reactivate`, {
        params,
      }),
      await adminA.call(closeDay.GET, "GET", `/api/order-cycles/${cycleB}/close-day`, {
        params,
        query: { weekNumber: "1", dayOfWeek: "2" },
      }),
      await adminA.call(closeDay.POST, "POST", `/api/order-cycles/${cycleB}/close-day`, {
        params,
        body: { ...day, reason: "Hijacked" },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect(await bCycle()).toEqual(before);
  });
});

describe("a settings write at A", () => {
  it("leaves B's settings, B's cache versions and B's cached menu as they were", async () => {
    expect(await menuAt(adminB)).toEqual(["Beta Curry"]); // B's menu now cached
    const versions = await bVersions();
    const saved = await adminA.call(cutoffTime.POST, "POST", "/api/settings/cutoff-time", {
      body: { hour: 6, minute: 45 },
    });
    expect(saved.status).toBe(200);
    const custom = await adminA.call(allergens.POST, "POST", "/api/settings/allergens", {
      body: { custom: ["Mango"] },
    });
    expect(custom.status).toBe(200);
    expect(await bVersions()).toEqual(versions);
    const atA = await adminA.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    const atB = await adminB.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    expect(atA.body).toEqual({ cutoffHour: 6, cutoffMinute: 45 });
    expect(atB.body).toEqual({ cutoffHour: 10, cutoffMinute: 30 });
    const allergensB = await adminB.call<{ custom: string[] }>(
      allergens.GET,
      "GET",
      "/api/settings/allergens",
    );
    expect(allergensB.body.custom).toEqual([]);
    expect(await menuAt(adminB)).toEqual(["Beta Curry"]);
  });

  it("a menu write at B is seen at B at once, and not at A", async () => {
    await (
      await testDb(b.id)
    ).menuItem.create({ data: { schoolId: b.id, name: "Beta Soup", price: "20.00" } });
    expect(await menuAt(adminB)).toEqual(["Beta Curry", "Beta Soup"]);
    expect(await menuAt(adminA)).toEqual(["Alpha Stew"]);
  });
});
