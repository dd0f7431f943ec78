import { describe, expect, it } from "@jest/globals";
import * as codes from "@/app/api/discount-codes/route";
import * as myCode from "@/app/api/discounts/my-discount-code/route";
import { getDb } from "@/lib/db";
import { signedInAs, signedUpParent } from "@/tests/support/fixtures";

const superadmin = () => signedInAs("superadmin", process.env.SEED_SUPERADMIN_PASSWORD!);

describe("POST /api/discount-codes", () => {
  it("gives a parent a code that the parent then sees as their own", async () => {
    const admin = await superadmin();
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
    const admin = await superadmin();
    const parent = await signedUpParent();
    const db = await getDb();
    const before = await db.discountCode.count();
    const answer = await admin.call(codes.POST, "POST", "/api/discount-codes", {
      body: { code: "VALID1", userId: parent.id, discountPercentage: 10, ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect(await db.discountCode.count()).toBe(before);
  });

  it("refuses a duplicate code in any case, and an unknown user", async () => {
    const admin = await superadmin();
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
