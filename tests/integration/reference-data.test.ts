import { beforeAll, describe, expect, it } from "@jest/globals";
import * as myDiscountCode from "@/app/api/discounts/my-discount-code/route";
import * as menu from "@/app/api/menu/route";
import * as orderCycles from "@/app/api/order-cycles/route";
import * as communication from "@/app/api/settings/communication/route";
import * as cutoffTime from "@/app/api/settings/cutoff-time/route";
import * as paymentBypass from "@/app/api/settings/payment-bypass/route";
import type { MenuItemDto, OrderCycleDto } from "@/lib/contracts";
import { testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { signedIn } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

async function setSetting(key: string, value: object) {
  const db = await testDb();
  await db.setting.upsert({
    where: { schoolId_key: { schoolId: 1, key } },
    create: { schoolId: 1, key, value },
    update: { value },
  });
}

describe("signed out", () => {
  it.each([
    ["/api/menu", menu.GET],
    ["/api/order-cycles", orderCycles.GET],
    ["/api/settings/cutoff-time", cutoffTime.GET],
    ["/api/settings/payment-bypass", paymentBypass.GET],
    ["/api/settings/communication", communication.GET],
    ["/api/discounts/my-discount-code", myDiscountCode.GET],
  ])("GET %s answers 401", async (path, handler) => {
    const answer = await new Browser().call(handler, "GET", path);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Not authenticated", error: "Not authenticated" });
  });
});

describe("GET /api/menu", () => {
  beforeAll(async () => {
    const db = await testDb();
    await db.menuItem.createMany({
      data: [
        {
          name: "Beef Stew",
          price: "45",
          discountPrice: "40.5",
          type: "secondary",
          categories: ["beef"],
          proteinDescriptions: { beef: "Slow-cooked", bad: 3 },
          weekNumbers: [1, 2],
          daysOfWeek: [1, 3, 5],
          sideDishes: ["Rice"],
        },
        { name: "Archived Pie", price: "20.00", isArchived: true },
        { name: "Chicken Wrap", price: "30.00", type: "primary", isAvailable: false },
      ],
    });
  });

  const names = (items: MenuItemDto[]) => items.map((item) => item.name);

  it("shows parents the items that are not archived, by name, in the contract's shape", async () => {
    const { browser } = await signedIn();
    const answer = await browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(["Beef Stew", "Chicken Wrap"]);
    expect(answer.body[0]).toEqual({
      id: expect.any(Number),
      name: "Beef Stew",
      description: null,
      price: "45.00",
      discountPrice: "40.50",
      imageUrl: null,
      type: "secondary",
      categories: ["beef"],
      proteinDescriptions: { beef: "Slow-cooked" },
      weekNumbers: [1, 2],
      daysOfWeek: [1, 3, 5],
      allergens: [],
      sideDishes: ["Rice"],
      isAvailable: true,
      isArchived: false,
      // Issue 47: portions per school day, null for no cap.
      dailyCap: null,
    });
  });

  it("shows teachers the same", async () => {
    const { browser } = await signedIn("teacher");
    const answer = await browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");
    expect(names(answer.body)).toEqual(["Beef Stew", "Chicken Wrap"]);
  });

  it("shows admins with the menu feature every item, archived ones included", async () => {
    const { browser } = await signedIn("admin", ["menu"]);
    const answer = await browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");
    expect(names(answer.body)).toEqual(["Archived Pie", "Beef Stew", "Chicken Wrap"]);
  });

  it("shows admins without the menu feature only the items not archived", async () => {
    const { browser } = await signedIn("admin", ["kitchen"]);
    const answer = await browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(["Beef Stew", "Chicken Wrap"]);
  });
});

describe("GET /api/order-cycles", () => {
  it("lists every cycle, the active one first, then newest first", async () => {
    const db = await testDb();
    // The seeded cycle is active too: several may be (decision 0071).
    await db.orderCycle.updateMany({ where: { isActive: true }, data: { isActive: false } });
    await db.orderCycle.createMany({
      data: [
        { startDate: parseIsoDate("2025-01-06")!, cycleLength: 4 },
        {
          startDate: parseIsoDate("2025-03-03")!,
          cycleLength: 6,
          isActive: true,
          blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }],
        },
        { startDate: parseIsoDate("2025-06-02")!, cycleLength: 4 },
      ],
    });
    const { browser } = await signedIn();
    const answer = await browser.call<OrderCycleDto[]>(orderCycles.GET, "GET", "/api/order-cycles");
    expect(answer.status).toBe(200);
    expect(answer.body.map((c) => c.startDate)).toEqual(["2025-03-03", "2025-06-02", "2025-01-06"]);
    expect(answer.body[0]).toEqual({
      id: expect.any(Number),
      startDate: "2025-03-03",
      endDate: "2025-04-11",
      cycleLength: 6,
      isActive: true,
      blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }],
      createdAt: expect.any(String),
      orderingOpensAt: expect.any(String),
    });
  });
});

describe("GET /api/settings/*", () => {
  it("answers the spec's default cut-off of 08:00", async () => {
    const { browser } = await signedIn();
    const answer = await browser.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ cutoffHour: 8, cutoffMinute: 0 });
  });

  it("answers the school's cut-off once set, and the default when the row is damaged", async () => {
    const { browser } = await signedIn("teacher");
    await setSetting("cutoff-time", { cutoffHour: 9, cutoffMinute: 30 });
    expect((await browser.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time")).body).toEqual({
      cutoffHour: 9,
      cutoffMinute: 30,
    });
    await setSetting("cutoff-time", { cutoffHour: 99 });
    expect((await browser.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time")).body).toEqual({
      cutoffHour: 8,
      cutoffMinute: 0,
    });
    await setSetting("cutoff-time", { cutoffHour: 8, cutoffMinute: 0 });
  });

  it("answers the payment bypass settings, off by default", async () => {
    const { browser } = await signedIn();
    const off = await browser.call(paymentBypass.GET, "GET", "/api/settings/payment-bypass");
    expect(off.status).toBe(200);
    // Every field is answered (empty text when unset): parents read `enabled`, the admin form all.
    expect(off.body).toMatchObject({ enabled: false, airtelMoney: { name: "", number: "" } });
    const airtelMoney = { name: "School Canteen", number: "+260 97 1111111" };
    await setSetting("payment-bypass", { enabled: true, airtelMoney });
    const on = await browser.call(paymentBypass.GET, "GET", "/api/settings/payment-bypass");
    expect(on.body).toMatchObject({
      enabled: true,
      airtelMoney,
      mtnMoney: { name: "", number: "" },
    });
  });

  it("answers the communication settings to any signed-in user", async () => {
    const { browser } = await signedIn("admin", []);
    const empty = await browser.call(communication.GET, "GET", "/api/settings/communication");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ supportEmail: "", whatsappNumber: "" });
    await setSetting("communication", {
      supportEmail: "office@school.example",
      whatsappNumber: "+260 97 2222222",
    });
    const set = await browser.call(communication.GET, "GET", "/api/settings/communication");
    expect(set.body).toEqual({
      supportEmail: "office@school.example",
      whatsappNumber: "+260 97 2222222",
    });
  });
});

describe("GET /api/discounts/my-discount-code", () => {
  it("answers 404 with a message when the caller has no active code", async () => {
    const { browser, id } = await signedIn();
    const none = await browser.call(myDiscountCode.GET, "GET", "/api/discounts/my-discount-code");
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      message: "You have no active discount code",
      error: "You have no active discount code",
    });
    const db = await testDb();
    await db.discountCode.create({
      data: { code: `OFF-${id}`, userId: id, discountPercentage: 50, isActive: false },
    });
    const inactive = await browser.call(
      myDiscountCode.GET,
      "GET",
      "/api/discounts/my-discount-code",
    );
    expect(inactive.status).toBe(404);
  });

  it("answers the caller's own active code, never someone else's", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const db = await testDb();
    await db.discountCode.createMany({
      data: [
        { code: `MINE-${mine.id}`, userId: mine.id, discountPercentage: 15 },
        { code: `THEIRS-${theirs.id}`, userId: theirs.id, discountPercentage: 100 },
      ],
    });
    const answer = await mine.browser.call(
      myDiscountCode.GET,
      "GET",
      "/api/discounts/my-discount-code",
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: `MINE-${mine.id}`, discountPercentage: 15 });
  });
});
