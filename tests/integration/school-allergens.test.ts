import { beforeAll, describe, expect, it } from "@jest/globals";
import { NextRequest } from "next/server";
import * as bulkUpload from "@/app/api/menu/bulk-upload/route";
import * as menuItem from "@/app/api/menu/[id]/route";
import * as menu from "@/app/api/menu/route";
import * as validate from "@/app/api/menu-items/validate/route";
import * as orders from "@/app/api/orders/route";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as allergenSettings from "@/app/api/settings/allergens/route";
import * as studentCare from "@/app/api/students/[id]/care/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import { ALLERGENS, allergyRefusal, unknownAllergenMessage } from "@/lib/contracts/allergies";
import type { AllergenSettingsDto } from "@/lib/contracts/settings";
import { key, testDb } from "@/tests/support/school";
import {
  ALLERGEN_NAME_CHARACTERS,
  ALLERGEN_NAME_LENGTH,
  allergenAlreadyListed,
  allergenIsBuiltIn,
  TOO_MANY_CUSTOM_ALLERGENS,
} from "@/lib/validations/settings";
import {
  activeCycle,
  addStudent,
  giveDiscountCode,
  signedIn,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { ORIGIN, type Browser } from "@/tests/support/http";

// Issue 44, item 6: the school adds its own allergens (Settings › Allergens), and they are offered
// and enforced wherever the built-ins are: a child's allergies (parent, teacher, admin), a menu
// item's tags (form and CSV), and the allergy rule at the cart. Any other name is still 422.

let admin: Browser;

beforeAll(async () => {
  await activeCycle();
  admin = await signedInSuperadmin();
});

const saveList = (custom: unknown) =>
  admin.call<AllergenSettingsDto>(allergenSettings.POST, "POST", "/api/settings/allergens", {
    body: { custom },
  });

const item = (allergens: string[], name = `Mango Salad ${Math.random()}`) => ({
  name,
  price: "25.00",
  type: "primary",
  categories: ["vegetarian"],
  weekNumbers: [1],
  daysOfWeek: [1, 2, 3, 4, 5],
  allergens,
});

async function upload(csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "menu.csv", { type: "text/csv" }));
  const req = new NextRequest(new URL("/api/menu/bulk-upload", ORIGIN), {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: ORIGIN,
      cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body: form,
  });
  const res = await bulkUpload.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the school's own allergens", () => {
  it("are saved, read back by everyone, and refuse bad names, repeats, built-ins and a 21st", async () => {
    const saved = await saveList(["  Mango ", "Mustard  seed"]);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ builtIn: [...ALLERGENS], custom: ["Mango", "Mustard seed"] });

    const parent = await signedUpParent();
    const read = await parent.browser.call<AllergenSettingsDto>(
      allergenSettings.GET,
      "GET",
      "/api/settings/allergens",
    );
    expect(read.body).toEqual({ builtIn: [...ALLERGENS], custom: ["Mango", "Mustard seed"] });

    const refusals: [unknown, string][] = [
      [["Mango", "mango"], allergenAlreadyListed("mango")],
      [["sesame"], allergenIsBuiltIn("sesame")],
      [["M"], ALLERGEN_NAME_LENGTH],
      [["x".repeat(41)], ALLERGEN_NAME_LENGTH],
      [["Mango!"], ALLERGEN_NAME_CHARACTERS],
      [["Man\u202Ego"], ALLERGEN_NAME_CHARACTERS],
      [["Man\u0000go"], ALLERGEN_NAME_CHARACTERS],
      [
        Array.from({ length: 21 }, (_, i) => `Fruit ${"abcdefghijklmnopqrstu"[i]}`),
        TOO_MANY_CUSTOM_ALLERGENS,
      ],
    ];
    for (const [custom, message] of refusals) {
      const answer = await saveList(custom);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message });
    }
    const again = await parent.browser.call<AllergenSettingsDto>(
      allergenSettings.GET,
      "GET",
      "/api/settings/allergens",
    );
    expect(again.body.custom).toEqual(["Mango", "Mustard seed"]);
    const audit = await (
      await testDb()
    ).auditLog.findFirst({ where: { action: "setting.allergens" }, orderBy: { id: "desc" } });
    expect(audit?.details).toMatchObject({ after: { custom: ["Mango", "Mustard seed"] } });
  });

  it("go on a child (parent, teacher, admin) in the school's spelling; an unknown one is 422", async () => {
    await saveList(["Mango", "Mustard seed"]);
    const parent = await signedUpParent();
    const added = await parent.browser.call<{ id: number; allergies: string[] }>(
      students.POST,
      "POST",
      "/api/students",
      { body: { name: "Chanda", grade: "3", allergies: ["MANGO", "Milk"], allergyConsent: true } },
    );
    expect(added.status).toBe(200);
    expect(added.body.allergies).toEqual(["Mango", "Milk"]);

    const id = String(added.body.id);
    const unknown = await parent.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id },
      body: { name: "Chanda", grade: "3", allergies: ["Mango", "Kiwi"] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      message: unknownAllergenMessage("Kiwi", ["Mango", "Mustard seed"]),
      details: { allergies: [unknownAllergenMessage("Kiwi", ["Mango", "Mustard seed"])] },
    });
    const edited = await parent.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id },
      body: { name: "Chanda", grade: "3", allergies: ["mustard SEED"] },
    });
    expect(edited.body).toMatchObject({ allergies: ["Mustard seed"] });

    const teacher = await signedIn("teacher", [], { staffRecord: true });
    const [staff] = await (await testDb()).student.findMany({ where: { parentId: teacher.id } });
    const staffId = String(staff!.id);
    const care = (allergies: string[]) =>
      teacher.browser.call(studentCare.PUT, "PUT", `/api/students/${staffId}/care`, {
        params: { id: staffId },
        body: { allergies, allergyConsent: true },
      });
    expect((await care(["Mango"])).body).toMatchObject({ allergies: ["Mango"] });
    expect((await care(["Kiwi"])).status).toBe(422);

    const other = await signedUpParent();
    const kid = await addStudent(other.id, "Kunda", "5");
    const byAdmin = (allergies: string[]) =>
      admin.call(parentStudent.PUT, "PUT", `/api/parents/students/${kid.id}`, {
        params: { id: String(kid.id) },
        body: { name: "Kunda", grade: "5", allergies },
      });
    expect((await byAdmin(["mango", "Eggs"])).body).toMatchObject({ allergies: ["Mango", "Eggs"] });
    const refused = await byAdmin(["Gluten"]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain("Unknown allergen: Gluten");
    const adminAdded = await admin.call(students.POST, "POST", "/api/students", {
      body: { name: "Mutale", grade: "2", parentId: other.id, allergies: ["Kiwi"] },
    });
    expect(adminAdded.status).toBe(422);
  });

  it("tag a menu item (form and CSV), and the cart refuses it unless acknowledged", async () => {
    await saveList(["Mango", "Mustard seed"]);
    const tagged = await admin.call<{ id: number; name: string; allergens: string[] }>(
      menu.POST,
      "POST",
      "/api/menu",
      { body: item(["mango", "Milk"]) },
    );
    expect(tagged.status).toBe(200);
    expect(tagged.body.allergens).toEqual(["Mango", "Milk"]);
    const unknown = await admin.call(menu.POST, "POST", "/api/menu", { body: item(["Kiwi"]) });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      message: unknownAllergenMessage("Kiwi", ["Mango", "Mustard seed"]),
    });
    const id = String(tagged.body.id);
    const edit = (allergens: string[]) =>
      admin.call(menuItem.PUT, "PUT", `/api/menu/${id}`, {
        params: { id },
        body: { ...item(allergens, tagged.body.name) },
      });
    expect((await edit(["Kiwi"])).status).toBe(422);
    expect((await edit(["Mustard Seed", "Mango"])).body).toMatchObject({
      allergens: ["Mustard seed", "Mango"],
    });

    const header =
      "name,description,price,type,categories,proteinDescriptions,weekNumbers,daysOfWeek,allergens,sideDishes,isAvailable";
    const good = await upload(`${header}\nCsv Mango Pie,,20,,vegetarian,,1,1,"mango,Eggs",,true\n`);
    expect(good).toMatchObject({ status: 200, body: { successCount: 1, errorCount: 0 } });
    const pie = await (
      await testDb()
    ).menuItem.findFirst({ where: { name: "Csv Mango Pie" }, select: { allergens: true } });
    expect(pie?.allergens).toEqual(["Mango", "Eggs"]);
    const bad = await upload(`${header}\nCsv Kiwi Pie,,20,,vegetarian,,1,1,Kiwi,,true\n`);
    expect(bad.body).toMatchObject({
      successCount: 0,
      errors: [`Row 2: ${unknownAllergenMessage("Kiwi", ["Mango", "Mustard seed"])}`],
    });

    const parent = await signedUpParent();
    await giveDiscountCode(parent.id, 100);
    const child = await parent.browser.call<{ id: number }>(
      students.POST,
      "POST",
      "/api/students",
      {
        body: { name: "Chanda", grade: "3", allergies: ["Mango"], allergyConsent: true },
      },
    );
    const line = {
      menuItemId: tagged.body.id,
      studentId: child.body.id,
      weekNumber: 1,
      dayOfWeek: 3,
      category: "vegetarian",
    };
    const checked = await parent.browser.call(validate.POST, "POST", "/api/menu-items/validate", {
      body: { menuItemIds: [tagged.body.id], items: [line] },
    });
    expect(checked.status).toBe(422);
    expect(checked.body.message).toBe(allergyRefusal(tagged.body.name, ["Mango"], "Chanda"));
    const refused = await parent.browser.call(orders.POST, "POST", "/api/orders", { body: [line] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(allergyRefusal(tagged.body.name, ["Mango"], "Chanda"));
    const placed = await parent.browser.call(orders.POST, "POST", "/api/orders", {
      body: [{ ...line, allergyAcknowledged: true }],
    });
    expect(placed.body).toMatchObject({ orders: [expect.anything()] });
  });

  it("cannot be removed while a child or a menu item carries one; can once none does", async () => {
    await saveList(["Mango", "Mustard seed", "Celery"]);
    const parent = await signedUpParent();
    const kid = await parent.browser.call<{ id: number }>(students.POST, "POST", "/api/students", {
      body: { name: "Mwila", grade: "4", allergies: ["Celery"], allergyConsent: true },
    });
    const refused = await saveList(["Mango", "Mustard seed"]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: expect.stringMatching(
        /^Celery is recorded for 1 child\. Remove it from them first\.$/,
      ),
      allergenInUse: { allergens: ["Celery"], children: 1, menuItems: 0 },
    });
    const id = String(kid.body.id);
    await parent.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id },
      body: { name: "Mwila", grade: "4", allergies: [] },
    });
    const celeryDish = await admin.call<{ id: number }>(menu.POST, "POST", "/api/menu", {
      body: item(["Celery"]),
    });
    expect((await saveList(["Mango", "Mustard seed"])).body).toMatchObject({
      message: "Celery is recorded for 1 menu item. Remove it from them first.",
      allergenInUse: { allergens: ["Celery"], children: 0, menuItems: 1 },
    });
    await (await testDb()).menuItem.delete({ where: key(celeryDish.body.id) });
    const removed = await saveList(["Mango", "Mustard seed"]);
    expect(removed.status).toBe(200);
    expect(removed.body.custom).toEqual(["Mango", "Mustard seed"]);
    const stale = await parent.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id },
      body: { name: "Mwila", grade: "4", allergies: ["Celery"] },
    });
    expect(stale.status).toBe(422);
  });
});
