import { describe, expect, it } from "@jest/globals";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as studentCare from "@/app/api/students/[id]/care/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import { key, testDb } from "@/tests/support/school";
import { ALLERGY_CONSENT_REQUIRED } from "@/lib/validations/students";
import { addStudent, signedIn, signedInSuperadmin, signedUpParent } from "@/tests/support/fixtures";

// Allergies are health data (issue 26): the first time a family records them the school asks for
// consent, keeps it with its time, and withdrawing it clears them.

const consentOf = async (id: number) =>
  (await (await testDb()).student.findUniqueOrThrow({ where: key(id) })).allergyConsentAt;

describe("consent to keeping a child's allergies and dietary notes", () => {
  it("is asked the first time, kept with its time, and not asked again", async () => {
    const p = await signedUpParent();
    const refused = await p.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Mutale", grade: "3", allergies: ["Peanuts"] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: ALLERGY_CONSENT_REQUIRED,
      details: { allergyConsent: [ALLERGY_CONSENT_REQUIRED] },
    });
    expect(await (await testDb()).student.count({ where: { parentId: p.id } })).toBe(0);

    const plain = await p.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Mutale", grade: "3" },
    });
    expect(plain.status).toBe(200);
    const id = Number(plain.body.id);
    expect(await consentOf(id)).toBeNull();
    const notesOnly = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Mutale", grade: "3", dietaryNotes: "No pork" },
    });
    expect(notesOnly.status).toBe(422);

    const before = Date.now();
    const consented = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Mutale", grade: "3", allergies: ["Peanuts"], allergyConsent: true },
    });
    expect(consented.status).toBe(200);
    expect(consented.body).toMatchObject({ allergies: ["Peanuts"] });
    const at = await consentOf(id);
    expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const later = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Mutale", grade: "3", allergies: ["Peanuts", "Milk"], dietaryNotes: "No pork" },
    });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ allergies: ["Peanuts", "Milk"], dietaryNotes: "No pork" });
    expect(await consentOf(id)).toEqual(at);
  });

  it("withdrawn, clears the allergies and notes and forgets the consent", async () => {
    const p = await signedUpParent();
    const added = await p.browser.call(students.POST, "POST", "/api/students", {
      body: {
        name: "Kasonde",
        grade: "4",
        allergies: ["Eggs"],
        dietaryNotes: "Halal",
        className: "4B",
        allergyConsent: true,
      },
    });
    const id = Number(added.body.id);
    const withdrawn = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Kasonde", grade: "4", allergies: ["Eggs"], allergyConsent: false },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ allergies: [], dietaryNotes: null, className: "4B" });
    expect(await consentOf(id)).toBeNull();
  });

  it("applies to a teacher's own staff record", async () => {
    const t = await signedIn("teacher", [], { staffRecord: true });
    const [staff] = await (await testDb()).student.findMany({ where: { parentId: t.id } });
    const id = String(staff!.id);
    const care = (body: Record<string, unknown>) =>
      t.browser.call(studentCare.PUT, "PUT", `/api/students/${id}/care`, { params: { id }, body });
    expect((await care({ allergies: ["Fish"] })).status).toBe(422);
    expect((await care({ allergies: ["Fish"], allergyConsent: true })).status).toBe(200);
    expect(await consentOf(staff!.id)).not.toBeNull();
  });

  it("is not the admin's to give: the console records what the family tells the office", async () => {
    const p = await signedUpParent();
    const kid = await addStudent(p.id, "Chileshe", "6");
    const admin = await signedInSuperadmin();
    const answer = await admin.call(parentStudent.PUT, "PUT", `/api/parents/students/${kid.id}`, {
      params: { id: String(kid.id) },
      body: { name: "Chileshe", grade: "6", allergies: ["Milk"] },
    });
    expect(answer.status).toBe(200);
    expect(await consentOf(kid.id)).toBeNull();
  });
});
