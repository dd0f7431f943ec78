import { beforeAll, describe, expect, it } from "@jest/globals";
import { NextRequest } from "next/server";
import * as archive from "@/app/api/menu/[id]/archive/route";
import * as availability from "@/app/api/menu/[id]/availability/route";
import * as hasOrders from "@/app/api/menu/[id]/has-orders/route";
import * as item from "@/app/api/menu/[id]/route";
import * as bulkArchive from "@/app/api/menu/bulk-archive/route";
import * as bulkUpload from "@/app/api/menu/bulk-upload/route";
import * as duplicate from "@/app/api/menu/duplicate/route";
import * as hasOrdersBatch from "@/app/api/menu/has-orders-batch/route";
import * as menu from "@/app/api/menu/route";
import { key, testDb } from "@/tests/support/school";
import { MENU_CSV_COLUMNS, MENU_CSV_TEMPLATE } from "@/lib/menu/menu-csv";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedIn,
  signedInAs,
  signedUpParent,
  uniqueName,
} from "@/tests/support/fixtures";
import { Browser, ORIGIN, type Answer } from "@/tests/support/http";

let counter = 0;

const validItem = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName("Stew "),
  description: "Slow cooked",
  price: "45.5",
  imageUrl: "",
  type: "primary",
  categories: [" Beef ", "chicken", "BEEF"],
  proteinDescriptions: { beef: "Beef in gravy", fish: "not offered" },
  weekNumbers: [2, 1, 2],
  daysOfWeek: [5, 1],
  allergens: ["Milk"],
  sideDishes: [" Rice ", "", "Rice", "Nshima"],
  isAvailable: true,
  ...overrides,
});

let admin: Browser;
let kitchenAdmin: Browser;
let parent: Browser;

beforeAll(async () => {
  admin = (await signedIn("admin", ["menu"])).browser;
  kitchenAdmin = (await signedIn("admin", ["kitchen"])).browser;
  parent = (await signedUpParent()).browser;
});

/** An item, or the error envelope. */
type ItemAnswer = AdminMenuItemDto & { message?: string; error?: string };

const create = (browser: Browser, body: unknown) =>
  browser.call<ItemAnswer>(menu.POST, "POST", "/api/menu", { body });
const get = (browser: Browser, id: number | string) =>
  browser.call<ItemAnswer>(item.GET, "GET", `/api/menu/${id}`, {
    params: { id: String(id) },
  });
const put = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<ItemAnswer>(item.PUT, "PUT", `/api/menu/${id}`, {
    body,
    params: { id: String(id) },
  });
const del = (browser: Browser, id: number | string) =>
  browser.call(item.DELETE, "DELETE", `/api/menu/${id}`, { params: { id: String(id) } });

async function menuRow(id: number) {
  const db = await testDb();
  return db.menuItem.findUnique({ where: key(id) });
}

async function menuCount() {
  const db = await testDb();
  return db.menuItem.count();
}

/** An order naming the item, written straight to the database (status does not matter). */
async function orderOf(menuItemId: number) {
  const db = await testDb();
  const owner = await signedUpParent();
  const student = await addStudent(owner.id, "Chanda", "3");
  const cycle = await db.orderCycle.findFirst({ where: { isActive: true } });
  const cycleId = cycle?.id ?? (await activeCycle()).id;
  return db.order.create({
    data: {
      userId: owner.id,
      studentId: student.id,
      menuItemId,
      cycleId,
      weekNumber: 1,
      dayOfWeek: 1,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status: "cancelled",
    },
  });
}

/** POST /api/menu/bulk-upload with a real multipart body, as the browser's FormData sends it. */
async function upload(
  browser: Browser,
  form: FormData | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const req = new NextRequest(new URL("/api/menu/bulk-upload", ORIGIN), {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: ORIGIN,
      cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      ...headers,
    },
    body: form ?? undefined,
  });
  const res = await bulkUpload.POST(req, { params: Promise.resolve({}) });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
  };
}

const csvForm = (text: string | Uint8Array<ArrayBuffer>, name = "menu.csv") => {
  const form = new FormData();
  form.set("file", new File([text], name, { type: "text/csv" }));
  return form;
};

describe("who may use the menu calls", () => {
  type Call = (browser: Browser, id: number) => Promise<Answer<unknown>>;
  const calls: [string, Call][] = [
    ["POST /api/menu", (b) => create(b, validItem())],
    ["GET /api/menu/{id}", (b, id) => get(b, id)],
    ["PUT /api/menu/{id}", (b, id) => put(b, id, validItem())],
    ["DELETE /api/menu/{id}", (b, id) => del(b, id)],
    [
      "GET /api/menu/{id}/has-orders",
      (b, id) =>
        b.call(hasOrders.GET, "GET", `/api/menu/${id}/has-orders`, { params: { id: String(id) } }),
    ],
    [
      "POST /api/menu/has-orders-batch",
      (b, id) =>
        b.call(hasOrdersBatch.POST, "POST", "/api/menu/has-orders-batch", {
          body: { menuItemIds: [id] },
        }),
    ],
    [
      "POST /api/menu/duplicate",
      (b, id) => b.call(duplicate.POST, "POST", "/api/menu/duplicate", { body: { itemIds: [id] } }),
    ],
    [
      "PATCH /api/menu/{id}/availability",
      (b, id) =>
        b.call(availability.PATCH, "PATCH", `/api/menu/${id}/availability`, {
          body: { isAvailable: false },
          params: { id: String(id) },
        }),
    ],
    [
      "PATCH /api/menu/{id}/archive",
      (b, id) =>
        b.call(archive.PATCH, "PATCH", `/api/menu/${id}/archive`, {
          body: { isArchived: true },
          params: { id: String(id) },
        }),
    ],
    [
      "POST /api/menu/bulk-archive",
      (b, id) =>
        b.call(bulkArchive.POST, "POST", "/api/menu/bulk-archive", {
          body: { itemIds: [id], isArchived: true },
        }),
    ],
    ["POST /api/menu/bulk-upload", (b) => upload(b, csvForm(MENU_CSV_TEMPLATE))],
  ];

  it.each(calls)(
    "%s: 401 signed out, 403 for a parent and an admin without menu, nothing changed",
    async (_name, call) => {
      const target = await addMenuItem();
      const before = await menuRow(target.id);
      const count = await menuCount();
      const visitor = await call(new Browser(), target.id);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toMatchObject({ message: "Not authenticated" });
      expect((await call(parent, target.id)).status).toBe(403);
      const other = await call(kitchenAdmin, target.id);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ error: "You do not have permission to do this" });
      expect(await menuRow(target.id)).toEqual(before);
      expect(await menuCount()).toBe(count);
    },
  );

  it("lets the superadmin in without listing features", async () => {
    const superadmin = await signedInAs("superadmin", "superadmin-test-password");
    const target = await addMenuItem();
    expect((await get(superadmin, target.id)).status).toBe(200);
    expect((await create(superadmin, validItem())).status).toBe(200);
  });
});

describe("POST /api/menu", () => {
  it("creates an item with the form's values cleaned, and audits it", async () => {
    const name = uniqueName("Beef Stew ");
    const answer = await create(admin, validItem({ name: `  ${name} ` }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name,
      description: "Slow cooked",
      price: "45.50",
      discountPrice: null,
      imageUrl: null,
      type: "primary",
      categories: ["beef", "chicken"],
      proteinDescriptions: { beef: "Beef in gravy" },
      weekNumbers: [1, 2],
      daysOfWeek: [1, 5],
      allergens: ["Milk"],
      sideDishes: ["Rice", "Nshima"],
      isAvailable: true,
      isArchived: false,
      dailyCap: null,
      version: 1,
    });
    const db = await testDb();
    const audit = await db.auditLog.findFirst({
      where: { entity: "MenuItem", entityId: String(answer.body.id), action: "menu-item.create" },
    });
    expect(audit).not.toBeNull();
  });

  it("defaults type to secondary and availability to true; accepts a number price", async () => {
    const { type: _t, isAvailable: _a, ...rest } = validItem();
    const answer = await create(admin, { ...rest, price: 12, discountPrice: "10.5" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: "secondary",
      isAvailable: true,
      price: "12.00",
      discountPrice: "10.50",
    });
  });

  it("stores HTML in the name and description as typed", async () => {
    const name = `<script>alert("x")</script> & <b>Stew</b> ${++counter}`;
    const description = `<img src=x onerror="alert(1)"> 'quoted' & more`;
    const created = await create(
      admin,
      validItem({ name, description, imageUrl: "https://example.com/a.png" }),
    );
    expect(created.status).toBe(200);
    const loaded = await get(admin, created.body.id);
    expect(loaded.body).toMatchObject({ name, description, imageUrl: "https://example.com/a.png" });
    const list = await admin.call<AdminMenuItemDto[]>(menu.GET, "GET", "/api/menu");
    expect(list.body.find((i) => i.id === created.body.id)?.name).toBe(name);
  });

  it.each([
    [{ name: "   " }, "Name is required"],
    [{ name: undefined }, "Name is required"],
    [{ name: "x".repeat(121) }, "Name must be at most 120 characters"],
    [{ price: "-1" }, "Price must be a valid positive number with up to 2 decimal places"],
    [{ price: "1.999" }, "Price must be a valid positive number with up to 2 decimal places"],
    [{ price: "abc" }, "Price must be a valid positive number with up to 2 decimal places"],
    [{ price: -5 }, "Price must be a valid positive number with up to 2 decimal places"],
    [{ price: "" }, "Price must be a valid positive number with up to 2 decimal places"],
    [{ price: "10", discountPrice: "10" }, "Discount price must be lower than the price"],
    [{ discountPrice: "1.234" }, "Discount price must be a valid positive number"],
    [{ imageUrl: "not a url" }, "Invalid URL"],
    [{ imageUrl: "javascript:alert(1)" }, "Invalid URL"],
    [{ type: "dessert" }, "Type must be primary, secondary or counter"],
    [{ categories: [] }, "Select at least one category"],
    [{ categories: ["  "] }, "Select at least one category"],
    [{ categories: Array.from({ length: 21 }, (_, i) => `p${i}`) }, "At most 20 categories"],
    [{ weekNumbers: [] }, "Select at least one week"],
    [{ weekNumbers: [7] }, "Weeks must be between 1 and 6"],
    [{ daysOfWeek: [] }, "Select at least one day"],
    [{ daysOfWeek: [6] }, "Days must be between 1 (Monday) and 5 (Friday)"],
    [{ allergens: ["Gluten"] }, "Unknown allergen: Gluten"],
    [{ isAvailable: "yes" }, "Availability must be true or false"],
  ])("refuses %j with 422 and the spec's message, creating nothing", async (change, message) => {
    const before = await menuCount();
    const answer = await create(admin, validItem(change));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: expect.stringContaining(message) });
    expect(answer.body.error).toBe(answer.body.message);
    expect(await menuCount()).toBe(before);
  });
});

describe("GET /api/menu/{id}", () => {
  it("answers any item, archived ones included, and 404 for unknown or malformed ids", async () => {
    const archived = await addMenuItem({ isArchived: true });
    const answer = await get(admin, archived.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: archived.id, isArchived: true, version: 1 });
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const missing = await get(admin, id);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: "Menu item not found" });
    }
  });
});

describe("PUT /api/menu/{id}", () => {
  it("saves the form, bumps the version and audits the change", async () => {
    const created = (await create(admin, validItem())).body;
    const name = uniqueName("Renamed ");
    const answer = await put(admin, created.id, validItem({ name, price: "50", version: 1 }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: created.id, name, price: "50.00", version: 2 });
    const again = await put(admin, created.id, validItem({ name, price: "55" }));
    expect(again.body).toMatchObject({ price: "55.00", version: 3 });
    const db = await testDb();
    const audits = await db.auditLog.count({
      where: { entityId: String(created.id), action: "menu-item.update" },
    });
    expect(audits).toBe(2);
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const created = (await create(admin, validItem())).body;
    expect((await put(admin, created.id, validItem({ version: 1 }))).status).toBe(200);
    const before = await menuRow(created.id);
    const stale = await put(admin, created.id, validItem({ price: "99", version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: "This menu item was changed by someone else. Reload and try again.",
    });
    expect(await menuRow(created.id)).toEqual(before);
  });

  it("lets one of two saves of the same version win, the other gets 409", async () => {
    const created = (await create(admin, validItem())).body;
    const answers = await Promise.all([
      put(admin, created.id, validItem({ name: created.name, price: "70", version: 1 })),
      put(admin, created.id, validItem({ name: created.name, price: "80", version: 1 })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await menuRow(created.id))?.version).toBe(2);
  });

  it("keeps the name of an item with orders (409), but saves its other fields", async () => {
    const created = (await create(admin, validItem())).body;
    await orderOf(created.id);
    const before = await menuRow(created.id);
    const renamed = await put(admin, created.id, validItem({ name: "Something else" }));
    expect(renamed.status).toBe(409);
    expect(String(renamed.body.message)).toMatch(/archive/i);
    expect(String(renamed.body.message)).toMatch(/duplicate/i);
    expect(await menuRow(created.id)).toEqual(before);
    const priced = await put(admin, created.id, validItem({ name: created.name, price: "60" }));
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ name: created.name, price: "60.00" });
  });

  it("answers 404 for an unknown item and 422 for bad input, changing nothing", async () => {
    expect((await put(admin, 999_999, validItem())).status).toBe(404);
    expect((await put(admin, "x", validItem())).status).toBe(404);
    const created = (await create(admin, validItem())).body;
    const before = await menuRow(created.id);
    const bad = await put(admin, created.id, validItem({ weekNumbers: [] }));
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: "Select at least one week" });
    expect(await menuRow(created.id)).toEqual(before);
  });
});

describe("DELETE /api/menu/{id}", () => {
  it("deletes an item nobody ordered and audits it", async () => {
    const target = await addMenuItem();
    const answer = await del(admin, target.id);
    expect(answer.status).toBe(200);
    expect(await menuRow(target.id)).toBeNull();
    const db = await testDb();
    expect(
      await db.auditLog.count({
        where: { entityId: String(target.id), action: "menu-item.delete" },
      }),
    ).toBe(1);
    expect((await del(admin, target.id)).status).toBe(404);
  });

  it("refuses an item with orders (409: archive instead)", async () => {
    const target = await addMenuItem();
    await orderOf(target.id);
    const answer = await del(admin, target.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: "This menu item has orders and cannot be deleted. Archive it instead.",
    });
    expect(await menuRow(target.id)).not.toBeNull();
  });
});

describe("has-orders", () => {
  it("answers hasOrders for one item and 404 for an unknown one", async () => {
    const ordered = await addMenuItem();
    const fresh = await addMenuItem();
    await orderOf(ordered.id);
    const ask = (id: number) =>
      admin.call(hasOrders.GET, "GET", `/api/menu/${id}/has-orders`, {
        params: { id: String(id) },
      });
    expect((await ask(ordered.id)).body).toEqual({ hasOrders: true });
    expect((await ask(fresh.id)).body).toEqual({ hasOrders: false });
    expect((await ask(999_999)).status).toBe(404);
  });

  it("maps each asked id to a boolean in one call", async () => {
    const ordered = await addMenuItem();
    const fresh = await addMenuItem();
    await orderOf(ordered.id);
    await orderOf(ordered.id);
    const answer = await admin.call(hasOrdersBatch.POST, "POST", "/api/menu/has-orders-batch", {
      body: { menuItemIds: [ordered.id, fresh.id, 999_999, ordered.id] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      [String(ordered.id)]: true,
      [String(fresh.id)]: false,
      "999999": false,
    });
    for (const body of [{}, { menuItemIds: [] }, { menuItemIds: ["a"] }, { menuItemIds: [0] }]) {
      const bad = await admin.call(hasOrdersBatch.POST, "POST", "/api/menu/has-orders-batch", {
        body,
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ message: "Select at least one menu item" });
    }
  });
});

describe("POST /api/menu/duplicate", () => {
  it("copies each item as '{name} (Copy)', then '(Copy 2)', active and not archived", async () => {
    const source = (await create(admin, validItem())).body;
    await admin.call(archive.PATCH, "PATCH", `/api/menu/${source.id}/archive`, {
      body: { isArchived: true },
      params: { id: String(source.id) },
    });
    const other = (await create(admin, validItem())).body;
    const first = await admin.call<AdminMenuItemDto[]>(
      duplicate.POST,
      "POST",
      "/api/menu/duplicate",
      {
        body: { itemIds: [source.id, other.id] },
      },
    );
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const { id: _id, name: _name, version: _version, isArchived: _archived, ...fields } = source;
    expect(first.body[0]).toMatchObject({
      ...fields,
      name: `${source.name} (Copy)`,
      isArchived: false,
      version: 1,
    });
    expect(first.body[0]?.id).not.toBe(source.id);
    expect(first.body[1]?.name).toBe(`${other.name} (Copy)`);
    const second = await admin.call<AdminMenuItemDto[]>(
      duplicate.POST,
      "POST",
      "/api/menu/duplicate",
      {
        body: { itemIds: [source.id] },
      },
    );
    expect(second.body[0]?.name).toBe(`${source.name} (Copy 2)`);
  });

  it("refuses an unknown id (404) and copies nothing", async () => {
    const source = await addMenuItem();
    const before = await menuCount();
    const answer = await admin.call(duplicate.POST, "POST", "/api/menu/duplicate", {
      body: { itemIds: [source.id, 999_999] },
    });
    expect(answer.status).toBe(404);
    expect(await menuCount()).toBe(before);
    const empty = await admin.call(duplicate.POST, "POST", "/api/menu/duplicate", {
      body: { itemIds: [] },
    });
    expect(empty.status).toBe(422);
  });
});

describe("availability and archive", () => {
  it("switches availability and the archive flag, bumping the version", async () => {
    const target = await addMenuItem();
    const params = { id: String(target.id) };
    const off = await admin.call<AdminMenuItemDto>(
      availability.PATCH,
      "PATCH",
      `/api/menu/${target.id}/availability`,
      { body: { isAvailable: false }, params },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isAvailable: false, version: 2 });
    const archived = await admin.call<AdminMenuItemDto>(
      archive.PATCH,
      "PATCH",
      `/api/menu/${target.id}/archive`,
      { body: { isArchived: true }, params },
    );
    expect(archived.body).toMatchObject({ isArchived: true, version: 3 });
    const db = await testDb();
    expect(
      await db.auditLog.count({
        where: { entityId: String(target.id), action: "menu-item.archive" },
      }),
    ).toBe(1);
    const bad = await admin.call(archive.PATCH, "PATCH", `/api/menu/${target.id}/archive`, {
      body: { isArchived: "yes" },
      params,
    });
    expect(bad.status).toBe(422);
    const badAvailability = await admin.call(
      availability.PATCH,
      "PATCH",
      `/api/menu/${target.id}/availability`,
      { body: {}, params },
    );
    expect(badAvailability.status).toBe(422);
    expect(await menuRow(target.id)).toMatchObject({ isArchived: true, isAvailable: false });
    const missing = await admin.call(archive.PATCH, "PATCH", "/api/menu/999999/archive", {
      body: { isArchived: true },
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
  });

  it("archives and unarchives several items in one call", async () => {
    const a = await addMenuItem();
    const b = await addMenuItem();
    const call = (isArchived: unknown) =>
      admin.call(bulkArchive.POST, "POST", "/api/menu/bulk-archive", {
        body: { itemIds: [a.id, b.id], isArchived },
      });
    const archived = await call(true);
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ updated: 2 });
    expect((await menuRow(a.id))?.isArchived).toBe(true);
    expect((await menuRow(b.id))?.isArchived).toBe(true);
    expect((await call("no")).status).toBe(422);
    expect((await call(false)).body).toEqual({ updated: 2 });
    expect((await menuRow(b.id))?.isArchived).toBe(false);
  });
});

describe("POST /api/menu/bulk-upload", () => {
  const header = MENU_CSV_COLUMNS.join(",");

  it("saves nothing from a file with a bad row and lists every reason of every row", async () => {
    const good = uniqueName("All or nothing ");
    const text = [
      header,
      `"${good}",,45.50,primary,beef,,1,"Mon,Wed",none,,true`,
      `Bad price,,abc,tertiary,beef,,7,1,,,maybe`,
      `,,10,,fish,,3,Sat,,,`,
    ].join("\r\n");
    const before = await menuCount();
    const answer = await upload(admin, csvForm(text));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      successCount: 0,
      errorCount: 2,
      errors: [
        "Row 3: isAvailable must be true or false",
        "Row 3: Price must be a valid positive number with up to 2 decimal places",
        "Row 3: Type must be primary, secondary or counter",
        "Row 3: Weeks must be between 1 and 6",
        "Row 4: Name is required",
        "Row 4: Days must be between 1 (Monday) and 5 (Friday)",
      ],
      createdCount: 0,
      updatedCount: 0,
    });
    expect(await menuCount()).toBe(before);
    const db = await testDb();
    expect(await db.menuItem.count({ where: { name: good } })).toBe(0);
  });

  it("updates the items of the same name when the same file comes again (no duplicates)", async () => {
    const name = uniqueName("Twice ");
    const first = [header, `"${name}",Hearty,40,secondary,beef,,1,1-5,,,true`].join("\n");
    expect((await upload(admin, csvForm(first))).body).toMatchObject({
      successCount: 1,
      createdCount: 1,
      updatedCount: 0,
    });
    const db = await testDb();
    const created = await db.menuItem.findFirstOrThrow({ where: { name } });
    expect(created.daysOfWeek).toEqual([1, 2, 3, 4, 5]);
    await db.menuItem.update({
      where: key(created.id),
      data: { imageUrl: "https://example.com/stew.png", discountPrice: "30.00" },
    });

    const again = await upload(admin, csvForm(first));
    expect(again.body).toEqual({
      successCount: 1,
      errorCount: 0,
      errors: [],
      createdCount: 0,
      updatedCount: 1,
    });
    const changed = [
      header,
      `"${name.toUpperCase()}",Now spicy,45,primary,"beef,fish",,2,"mon-wed,Fri",,,no`,
    ].join("\n");
    expect((await upload(admin, csvForm(changed))).body).toMatchObject({ updatedCount: 1 });
    const rows = await db.menuItem.findMany({
      where: { name: { equals: name, mode: "insensitive" } },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: created.id,
      name,
      description: "Now spicy",
      type: "primary",
      categories: ["beef", "fish"],
      weekNumbers: [2],
      daysOfWeek: [1, 2, 3, 5],
      isAvailable: false,
      // Columns the file does not have stay as they were.
      imageUrl: "https://example.com/stew.png",
      version: created.version + 2,
    });
    expect(rows[0]?.discountPrice?.toFixed(2)).toBe("30.00");
    expect(
      await db.auditLog.count({
        where: { entityId: String(created.id), action: "menu-item.update" },
      }),
    ).toBe(2);

    // A price at or under the kept discount is refused, and nothing of the file is saved.
    const other = uniqueName("Alongside ");
    const cheaper = [header, `"${other}",,10,,beef,,1,1,,,`, `"${name}",,25,,beef,,1,1,,,`].join(
      "\n",
    );
    const refused = await upload(admin, csvForm(cheaper));
    expect(refused.body).toMatchObject({ successCount: 0, errorCount: 1 });
    expect((refused.body.errors as string[])[0]).toMatch(/^Row 3: .*discount price/);
    expect(await db.menuItem.count({ where: { name: other } })).toBe(0);
  });

  it("refuses a name two current items share, and a name twice in one file", async () => {
    const name = uniqueName("Shared ");
    const db = await testDb();
    const data = { name, price: "10.00", categories: ["beef"], weekNumbers: [1], daysOfWeek: [1] };
    await db.menuItem.createMany({ data: [data, data] });
    const archived = uniqueName("Archived ");
    await db.menuItem.create({ data: { ...data, name: archived, isArchived: true } });
    const text = [header, `"${name}",,12,,beef,,1,1,,,`, `"${archived}",,12,,beef,,1,1,,,`].join(
      "\n",
    );
    const answer = await upload(admin, csvForm(text));
    expect(answer.body).toMatchObject({ successCount: 0, errorCount: 1 });
    expect(answer.body.errors).toEqual([
      "Row 2: 2 current menu items have this name; rename or archive all but one of them first",
    ]);
    expect(await db.menuItem.count({ where: { name: archived } })).toBe(1);

    const twice = [header, `Dup A,,1,,beef,,1,1,,,`, `dup a,,2,,beef,,1,1,,,`].join("\n");
    expect((await upload(admin, csvForm(twice))).body).toMatchObject({
      successCount: 0,
      errors: ["Row 3: the same name is already on row 2"],
    });
  });

  it("imports every row of a good file in one go", async () => {
    const good1 = uniqueName("Upload A ");
    const good2 = uniqueName("Upload <b>B</b> ");
    const text =
      "\uFEFF" +
      [
        header,
        `"${good1}","Rice, beans",45.50,primary,"beef,chicken","beef:Stew|chicken:Grilled","1,2","1,3",none,"Rice,Nshima",true`,
        `"${good2}",,10,,fish,,3,5,"Milk,Eggs",,no`,
      ].join("\r\n");
    const before = await menuCount();
    const answer = await upload(admin, csvForm(text));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      successCount: 2,
      errorCount: 0,
      errors: [],
      createdCount: 2,
      updatedCount: 0,
    });
    expect(await menuCount()).toBe(before + 2);
    const db = await testDb();
    const first = await db.menuItem.findFirst({ where: { name: good1 } });
    expect(first).toMatchObject({
      description: "Rice, beans",
      type: "primary",
      categories: ["beef", "chicken"],
      proteinDescriptions: { beef: "Stew", chicken: "Grilled" },
      weekNumbers: [1, 2],
      daysOfWeek: [1, 3],
      allergens: [],
      sideDishes: ["Rice", "Nshima"],
      isAvailable: true,
    });
    expect(first?.price.toFixed(2)).toBe("45.50");
    expect(await db.menuItem.findFirst({ where: { name: good2 } })).toMatchObject({
      isAvailable: false,
      allergens: ["Milk", "Eggs"],
    });
    expect(
      await db.auditLog.count({
        where: { entityId: String(first?.id), action: "menu-item.create" },
      }),
    ).toBe(1);
  });

  it("imports the template", async () => {
    const answer = await upload(admin, csvForm(MENU_CSV_TEMPLATE));
    expect(answer.body).toMatchObject({ successCount: 1, errorCount: 0, errors: [] });
  });

  it("answers 422 'No File Selected' without a file, creating nothing", async () => {
    const before = await menuCount();
    const empty = await upload(admin, new FormData());
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ message: "No File Selected" });
    const text = new FormData();
    text.set("file", "just text");
    expect((await upload(admin, text)).status).toBe(422);
    const json = await upload(admin, null, { "content-type": "application/json" });
    expect(json.status).toBe(422);
    expect(json.body).toMatchObject({ message: "No File Selected" });
    expect(await menuCount()).toBe(before);
  });

  it.each([
    ["a .txt name", csvForm(MENU_CSV_TEMPLATE, "menu.txt")],
    [
      "binary content",
      csvForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0]), "menu.csv"),
    ],
    ["invalid UTF-8", csvForm(new Uint8Array([0x6e, 0x61, 0xff, 0xfe, 0x0a]), "menu.csv")],
  ])("refuses %s as 'Invalid File Type'", async (_label, form) => {
    const before = await menuCount();
    const answer = await upload(admin, form);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: "Please select a CSV file.",
      error: "Please select a CSV file.",
      title: "Invalid File Type",
    });
    expect(await menuCount()).toBe(before);
  });

  it("refuses a CSV without the needed columns with 422", async () => {
    const answer = await upload(admin, csvForm("name,description\nA,B\n"));
    expect(answer.status).toBe(422);
    expect(String(answer.body.message)).toContain("missing the columns");
  });

  it("refuses a file over 2 MB with 413, creating nothing", async () => {
    const before = await menuCount();
    const line = "\nPadding,,10,,beef,,1,1,,,";
    const big = MENU_CSV_TEMPLATE + line.repeat(Math.ceil((2 * 1024 * 1024) / line.length) + 10);
    const answer = await upload(admin, csvForm(big));
    expect(answer.status).toBe(413);
    const huge = await upload(admin, csvForm(MENU_CSV_TEMPLATE), {
      "content-length": String(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(await menuCount()).toBe(before);
  });
});
