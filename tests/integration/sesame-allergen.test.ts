import { beforeAll, describe, expect, it } from "@jest/globals";
import * as menu from "@/app/api/menu/route";
import * as orders from "@/app/api/orders/route";
import * as students from "@/app/api/students/route";
import { allergyRefusal } from "@/lib/contracts/allergies";
import {
  activeCycle,
  giveDiscountCode,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";

// Issue 44, item 6: Sesame, a major allergen in most lists, is one of the allergens: a child's
// allergy, a menu item's tag, and the allergy rule at the cart.

beforeAll(async () => {
  await activeCycle();
});

describe("Sesame", () => {
  it("is recorded on a child and a menu item, and refused at the cart unless acknowledged", async () => {
    const admin = await signedInSuperadmin();
    const item = await admin.call<{ id: number; name: string; allergens: string[] }>(
      menu.POST,
      "POST",
      "/api/menu",
      {
        body: {
          name: "Hummus Wrap",
          price: "30.00",
          type: "primary",
          categories: ["vegetarian"],
          weekNumbers: [1],
          daysOfWeek: [1, 2, 3, 4, 5],
          allergens: ["sesame", "Wheat"],
        },
      },
    );
    expect(item.status).toBe(200);
    expect(item.body.allergens).toEqual(["Sesame", "Wheat"]);

    const parent = await signedUpParent();
    await giveDiscountCode(parent.id, 100);
    const child = await parent.browser.call<{ id: number; allergies: string[] }>(
      students.POST,
      "POST",
      "/api/students",
      { body: { name: "Chanda", grade: "3", allergies: ["SESAME"], allergyConsent: true } },
    );
    expect(child.status).toBe(200);
    expect(child.body.allergies).toEqual(["Sesame"]);

    const line = {
      menuItemId: item.body.id,
      studentId: child.body.id,
      weekNumber: 1,
      dayOfWeek: 2,
      category: "vegetarian",
    };
    const refused = await parent.browser.call(orders.POST, "POST", "/api/orders", { body: [line] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(allergyRefusal("Hummus Wrap", ["Sesame"], "Chanda"));
    const placed = await parent.browser.call(orders.POST, "POST", "/api/orders", {
      body: [{ ...line, allergyAcknowledged: true }],
    });
    expect(placed.body).toMatchObject({ orders: [expect.anything()] });
  });
});
