import { describe, expect, it } from "@jest/globals";
import * as codeById from "@/app/api/discount-codes/[id]/route";
import * as codes from "@/app/api/discount-codes/route";
import * as discountById from "@/app/api/discounts/[id]/route";
import * as myCode from "@/app/api/discounts/my-discount-code/route";
import type { DiscountCodeDto } from "@/lib/contracts/settings";
import { key, testDb } from "@/tests/support/school";
import { signedInSuperadmin, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { ADMIN_FEATURE_CALLERS, browserFor } from "@/tests/support/settings-fixtures";

describe("POST /api/discount-codes", () => {
  it("gives a parent a code that the parent then sees as their own", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const answer = await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "FREELUNCH", userId: parent.id, discountPercentage: 100 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      code: "FREELUNCH",
      isActive: true,
      user: { username: parent.username },
    });
    const mine = await parent.browser.call(myCode.GET, "GET", "/api/discounts/my-discount-code");
    expect(mine.body).toEqual({ code: "FREELUNCH", discountPercentage: 100 });
  });

  it.each([
    [{ code: "AB" }, "Code must be at least 3 characters"],
    [{ userId: 0 }, "Please select a user"],
    [{ discountPercentage: 101 }, "Discount must be between 0 and 100"],
    [{ discountPercentage: -1 }, "Discount must be between 0 and 100"],
  ])("refuses %j with the spec's message", async (change, message) => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const db = await testDb();
    const before = await db.discountCode.count();
    const answer = await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "VALID1", userId: parent.id, discountPercentage: 10, ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect(await db.discountCode.count()).toBe(before);
  });

  it("refuses a duplicate code in any case, and an unknown user", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "Twice", userId: parent.id },
    });
    const dup = await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "TWICE", userId: parent.id },
    });
    expect(dup.status).toBe(409);
    const ghost = await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "GHOST", userId: 999_999 },
    });
    expect(ghost.status).toBe(404);
  });

  it("is for admins with the settings feature only", async () => {
    const parent = await signedUpParent();
    const answer = await parent.browser.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "SELFGIFT", userId: parent.id, discountPercentage: 100 },
    });
    expect(answer.status).toBe(403);
  });
});

const create = (admin: Browser, body: Record<string, unknown>) =>
  admin.call<DiscountCodeDto>(codes.POST, "POST", "/api/discount-codes", { body });
const setActive = (browser: Browser, id: number | string, isActive: unknown) =>
  browser.call<DiscountCodeDto>(codeById.PUT, "PUT", `/api/discount-codes/${id}`, {
    body: { isActive },
    params: { id: String(id) },
  });
const remove = (browser: Browser, id: number | string) =>
  browser.call(discountById.DELETE, "DELETE", `/api/discounts/${id}`, {
    params: { id: String(id) },
  });

describe("one active code per user", () => {
  it("refuses a second active code for the same user (409) but allows an inactive one", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    expect((await create(admin, { code: "FIRST1", userId: parent.id })).status).toBe(200);
    const second = await create(admin, { code: "SECOND1", userId: parent.id });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      message: "This user already has an active discount code. Deactivate or delete it first.",
    });
    const spare = await create(admin, { code: "SPARE1", userId: parent.id, isActive: false });
    expect(spare.status).toBe(200);
    // Switching the spare on while the first is active is refused too.
    expect((await setActive(admin, spare.body.id, true)).status).toBe(409);
    const db = await testDb();
    expect(await db.discountCode.count({ where: { userId: parent.id, isActive: true } })).toBe(1);
  });
});

describe("GET /api/discount-codes", () => {
  it("lists every code with its user's username, newest first", async () => {
    const admin = await signedInSuperadmin();
    const older = await signedUpParent();
    const newer = await signedUpParent();
    await create(admin, { code: "OLDER1", userId: older.id, discountPercentage: 20 });
    await create(admin, { code: "NEWER1", userId: newer.id });
    const answer = await admin.call<{ data: DiscountCodeDto[] }>(
      codes.GET,
      "GET",
      "/api/discount-codes",
    );
    expect(answer.status).toBe(200);
    const listed = answer.body.data.map((c) => c.code);
    expect(listed.indexOf("NEWER1")).toBeLessThan(listed.indexOf("OLDER1"));
    expect(answer.body.data.find((c) => c.code === "OLDER1")).toEqual({
      id: expect.any(Number),
      code: "OLDER1",
      userId: older.id,
      user: { username: older.username },
      discountPercentage: 20,
      isActive: true,
    });
    expect(answer.body.data.find((c) => c.code === "NEWER1")?.discountPercentage).toBe(10);
  });

  it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
    const browser = await browserFor(caller, "settings");
    expect((await browser.call(codes.GET, "GET", "/api/discount-codes")).status).toBe(status);
  });
});

describe("PUT /api/discount-codes/{id}", () => {
  it("switches a code off and on; the parent's price follows", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const made = await create(admin, {
      code: "TOGGLE1",
      userId: parent.id,
      discountPercentage: 50,
    });
    const off = await setActive(admin, made.body.id, false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: made.body.id, code: "TOGGLE1", isActive: false });
    const mine = () => parent.browser.call(myCode.GET, "GET", "/api/discounts/my-discount-code");
    expect((await mine()).status).toBe(404);
    expect((await setActive(admin, made.body.id, true)).body.isActive).toBe(true);
    expect((await mine()).body).toEqual({ code: "TOGGLE1", discountPercentage: 50 });
    const db = await testDb();
    const audit = await db.auditLog.findFirst({
      where: {
        entity: "DiscountCode",
        entityId: String(made.body.id),
        action: "discount-code.update",
      },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toMatchObject({
      before: { isActive: false },
      after: { isActive: true },
    });
  });

  it("answers 404 for an unknown code and 422 for a missing isActive, changing nothing", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const made = await create(admin, { code: "KEEP1", userId: parent.id });
    expect((await setActive(admin, 999_999, false)).status).toBe(404);
    expect((await setActive(admin, "abc", false)).status).toBe(404);
    const bad = await setActive(admin, made.body.id, "no");
    expect(bad.status).toBe(422);
    const db = await testDb();
    expect((await db.discountCode.findUnique({ where: key(made.body.id) }))?.isActive).toBe(true);
  });

  it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const made = await create(admin, {
      code: `PUT${caller.length}${parent.id}`,
      userId: parent.id,
    });
    const browser = await browserFor(caller, "settings");
    expect((await setActive(browser, made.body.id, false)).status).toBe(status);
  });
});

describe("DELETE /api/discounts/{id}", () => {
  it("deletes the code (audited) and answers 404 with an error field afterwards", async () => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const made = await create(admin, { code: "GONE1", userId: parent.id });
    expect((await remove(admin, made.body.id)).status).toBe(200);
    const db = await testDb();
    expect(await db.discountCode.findUnique({ where: key(made.body.id) })).toBeNull();
    const audit = await db.auditLog.findFirst({
      where: { entityId: String(made.body.id), action: "discount-code.delete" },
    });
    expect(audit?.details).toMatchObject({ before: { code: "GONE1", userId: parent.id } });
    const again = await remove(admin, made.body.id);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: "Discount code not found" });
    // The user may now be given a new active code.
    expect((await create(admin, { code: "AGAIN1", userId: parent.id })).status).toBe(200);
  });

  it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const made = await create(admin, {
      code: `DEL${caller.length}${parent.id}`,
      userId: parent.id,
    });
    const browser = await browserFor(caller, "settings");
    expect((await remove(browser, made.body.id)).status).toBe(status);
    const db = await testDb();
    const left = await db.discountCode.count({ where: { id: made.body.id } });
    expect(left).toBe(status === 200 ? 0 : 1);
  });
});
