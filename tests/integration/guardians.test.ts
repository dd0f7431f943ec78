import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as deleteAccount from "@/app/api/account/delete/route";
import * as invitationRoute from "@/app/api/guardian-invitations/[token]/route";
import * as orders from "@/app/api/orders/route";
import * as adminStudent from "@/app/api/parents/students/[id]/route";
import * as studentCare from "@/app/api/students/[id]/care/route";
import * as invitations from "@/app/api/students/[id]/guardians/invitations/route";
import * as guardiansRoute from "@/app/api/students/[id]/guardians/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import type { OrderDto, StudentDto } from "@/lib/contracts";
import {
  ALREADY_GUARDIAN,
  GUARDIANS_FULL,
  INVITATION_EXPIRED,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  INVITATION_WRONG_EMAIL,
  type InvitationPreviewDto,
  type StudentGuardiansDto,
} from "@/lib/contracts/guardians";
import { ALREADY_ORDERED } from "@/lib/orders/check-cart";
import { hashInvitationToken } from "@/lib/students/guardian-invitations";
import { giveCredit, ledgerBalance } from "@/tests/support/credit-fixtures";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { createSchool, key, testDb } from "@/tests/support/school";

// Issue 49 (decision 0119): two guardians, one child. Both see and order for the child; one live
// order per child per day holds across both, with the same 409 the first guardian gets; each pays
// from their own credit; the child's allergies are changed by either, with who changed what; the
// invitation is one-time, expires, is the school's, and refused past two guardians; deleting the
// first guardian's account leaves the child with the second.

type Parent = Awaited<ReturnType<typeof signedUpParent>>;

let meal: { id: number };

beforeAll(async () => {
  await activeCycle({ cycleLength: 4 });
  meal = await addMenuItem({ price: "50.00" });
});

const line = (studentId: number, weekNumber: number, dayOfWeek: number) => ({
  menuItemId: meal.id,
  studentId,
  weekNumber,
  dayOfWeek,
  category: "chicken",
  sideDish: "Rice",
});

const invite = (p: Parent, studentId: number, email: string) =>
  p.browser.call<{ email: string; message: string }>(
    invitations.POST,
    "POST",
    `/api/students/${studentId}/guardians/invitations`,
    { params: { id: String(studentId) }, body: { email } },
  );
const preview = (browser: Browser, token: string) =>
  browser.call<InvitationPreviewDto>(
    invitationRoute.GET,
    "GET",
    `/api/guardian-invitations/${token}`,
    {
      params: { token },
    },
  );
const accept = (p: Parent, token: string) =>
  p.browser.call<{ studentId: number; message: string }>(
    invitationRoute.POST,
    "POST",
    `/api/guardian-invitations/${token}`,
    { params: { token } },
  );
const listOf = (p: Parent) => p.browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
const guardiansOf = (p: Parent, studentId: number) =>
  p.browser.call<StudentGuardiansDto>(
    guardiansRoute.GET,
    "GET",
    `/api/students/${studentId}/guardians`,
    {
      params: { id: String(studentId) },
    },
  );
const place = (p: Parent, items: unknown[]) =>
  p.browser.call<{ orders: OrderDto[] }>(orders.POST, "POST", "/api/orders", { body: items });

/** The token of the newest invitation mailed to `email`, read from the outbox. */
async function mailedToken(email: string): Promise<string> {
  const mail = await (
    await testDb()
  ).emailOutbox.findFirst({
    where: { to: email },
    orderBy: { id: "desc" },
    select: { text: true },
  });
  const token = /\/guardian-invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** A's child, with B as its second guardian through the real invitation. */
async function twoGuardians(childName = "Mwila Banda") {
  const a = await signedUpParent();
  const b = await signedUpParent();
  const child = await addStudent(a.id, childName, "3");
  expect((await invite(a, child.id, b.email!)).status).toBe(201);
  const token = await mailedToken(b.email!);
  const accepted = await accept(b, token);
  expect(accepted.status).toBe(200);
  return { a, b, child, token };
}

describe("the invitation", () => {
  it("previews, is accepted once by the invited address, and then both guardians see the child", async () => {
    const a = await signedUpParent();
    const b = await signedUpParent();
    const child = await addStudent(a.id, "Chanda Phiri", "4");
    const sent = await invite(a, child.id, b.email!.toUpperCase());
    expect(sent.status).toBe(201);
    const token = await mailedToken(b.email!.toUpperCase());
    // Only its hash is kept.
    const row = await (
      await testDb()
    ).guardianInvitation.findFirst({ where: { studentId: child.id } });
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const seen = await preview(new Browser(), token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      status: "open",
      childFirstName: "Chanda",
      inviterName: `Parent ${a.username}`,
    });

    expect((await accept(b, token)).body).toEqual({
      studentId: child.id,
      message: "You are now a guardian of Chanda",
    });
    const again = await accept(b, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: INVITATION_USED });
    expect((await preview(new Browser(), token)).body.status).toBe("accepted");

    const [mine] = (await listOf(b)).body;
    expect(mine).toMatchObject({ id: child.id, parentId: a.id, isFirstGuardian: false });
    expect(mine?.guardians).toEqual([
      { name: `Parent ${a.username}`, first: true, you: false },
      { name: `Parent ${b.username}`, first: false, you: true },
    ]);
    expect((await listOf(a)).body[0]).toMatchObject({ id: child.id, isFirstGuardian: true });
  });

  it("refuses another account's address, an expired link, a withdrawn one and another school's host", async () => {
    const a = await signedUpParent();
    const b = await signedUpParent();
    const stranger = await signedUpParent();
    const child = await addStudent(a.id, "Bupe", "2");
    await invite(a, child.id, b.email!);
    const token = await mailedToken(b.email!);

    const wrong = await accept(stranger, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ message: INVITATION_WRONG_EMAIL });

    const other = await createSchool("guardians", { name: "Guardians Other School" });
    const elsewhere = await preview(
      new Browser("203.0.113.77", "http://guardians.localhost:3000"),
      token,
    );
    expect(elsewhere.status).toBe(404);
    expect(other.id).not.toBe(1);

    const db = await testDb();
    await db.guardianInvitation.updateMany({
      where: { studentId: child.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await preview(new Browser(), token)).body.status).toBe("expired");
    expect((await accept(b, token)).body).toMatchObject({ message: INVITATION_EXPIRED });

    await invite(a, child.id, b.email!);
    const fresh = await mailedToken(b.email!);
    expect(fresh).not.toBe(token);
    const withdrawn = await a.browser.call(
      invitations.DELETE,
      "DELETE",
      `/api/students/${child.id}/guardians/invitations`,
      { params: { id: String(child.id) } },
    );
    expect(withdrawn.status).toBe(200);
    const late = await accept(b, fresh);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: INVITATION_WITHDRAWN });
    expect((await listOf(b)).body).toEqual([]);
  });

  it("refuses a third guardian, both at the invitation and at an older link's acceptance", async () => {
    const { a, b, child } = await twoGuardians();
    const c = await signedUpParent();
    const full = await invite(b, child.id, c.email!);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ message: GUARDIANS_FULL });
    // A link sent before the second guardian accepted (written as the mail would have left it).
    const token = "older-link-for-a-third-guardian";
    await (
      await testDb()
    ).guardianInvitation.create({
      data: {
        studentId: child.id,
        invitedById: a.id,
        email: c.email!,
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const third = await accept(c, token);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ message: GUARDIANS_FULL });
    expect((await listOf(c)).body).toEqual([]);
    // Inviting oneself is no invitation.
    const self = await invite(a, child.id, a.email!);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ message: GUARDIANS_FULL });
    const lone = await addStudent(a.id, "Lone", "1");
    expect((await invite(a, lone.id, a.email!)).body).toMatchObject({ message: ALREADY_GUARDIAN });
  });

  it("is not for someone else's child", async () => {
    const a = await signedUpParent();
    const c = await signedUpParent();
    const child = await addStudent(a.id, "Kondwani", "5");
    expect((await invite(c, child.id, "x@example.com")).status).toBe(404);
    expect((await guardiansOf(c, child.id)).status).toBe(404);
    // Someone else's tries never use up the child's own daily allowance of invitations.
    for (let i = 0; i < 6; i++) await invite(c, child.id, `x${i}@example.com`);
    expect((await invite(a, child.id, "grandma@example.com")).status).toBe(201);
  });
});

describe("two guardians ordering", () => {
  it("both order for the child, one live order a day across both, each paying from their own credit", async () => {
    const { a, b, child } = await twoGuardians();
    await giveCredit(a.id, "100.00");
    await giveCredit(b.id, "100.00");

    expect((await place(a, [line(child.id, 2, 1)])).status).toBe(200);
    const taken = await place(b, [line(child.id, 2, 1)]);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: ALREADY_ORDERED });

    const own = await place(b, [line(child.id, 2, 2)]);
    expect(own.status).toBe(200);
    expect(own.body.orders[0]).toMatchObject({ studentId: child.id });

    expect(await ledgerBalance(a.id)).toBe("50.00");
    expect(await ledgerBalance(b.id)).toBe("50.00");
    const db = await testDb();
    const rows = await db.order.findMany({
      where: { studentId: child.id },
      select: { userId: true, dayOfWeek: true },
    });
    expect(rows.sort((x, y) => x.dayOfWeek - y.dayOfWeek)).toEqual([
      { userId: a.id, dayOfWeek: 1 },
      { userId: b.id, dayOfWeek: 2 },
    ]);
    // Each sees their own orders; the menu hears of the other's day through the student list.
    const bOrders = await b.browser.call<OrderDto[]>(orders.GET, "GET", "/api/orders");
    expect(bOrders.body.map((o) => o.dayOfWeek)).toEqual([2]);
    const [seenByB] = (await listOf(b)).body;
    expect(seenByB?.otherGuardianDays).toEqual([
      expect.objectContaining({ weekNumber: 2, dayOfWeek: 1, by: `Parent ${a.username}` }),
    ]);
  });
});

describe("two guardians ordering, as a property", () => {
  it("keeps one live order a child a day, and each guardian pays exactly for their own", async () => {
    // Each step: who orders (A or B) which of four days, one day at a time, from 200.00 each.
    const step = fc.record({ who: fc.constantFrom("a", "b"), day: fc.integer({ min: 1, max: 4 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const { a, b, child } = await twoGuardians();
        await giveCredit(a.id, "200.00");
        await giveCredit(b.id, "200.00");
        const placed = { a: 0, b: 0 };
        const ordered = new Set<number>();
        for (const { who, day } of steps) {
          const answer = await place(who === "a" ? a : b, [line(child.id, 3, day)]);
          if (ordered.has(day)) {
            expect(answer.status).toBe(409);
            expect(answer.body).toMatchObject({ message: ALREADY_ORDERED });
          } else {
            expect(answer.status).toBe(200);
            ordered.add(day);
            placed[who] += 1;
          }
        }
        expect(await ledgerBalance(a.id)).toBe((200 - 50 * placed.a).toFixed(2));
        expect(await ledgerBalance(b.id)).toBe((200 - 50 * placed.b).toFixed(2));
        const live = await (
          await testDb()
        ).order.findMany({
          where: { studentId: child.id, status: { in: ["pending", "completed"] } },
          select: { userId: true, dayOfWeek: true },
        });
        expect(live).toHaveLength(ordered.size);
        expect(live.filter((o) => o.userId === a.id)).toHaveLength(placed.a);
      }),
      { numRuns: 6 },
    );
  }, 60_000);
});

describe("the child's care", () => {
  it("is changed by the second guardian and the first sees who changed what, the office's change too", async () => {
    const { a, b, child } = await twoGuardians("Thandiwe Mbewe");
    const changed = await b.browser.call(studentCare.PUT, "PUT", `/api/students/${child.id}/care`, {
      params: { id: String(child.id) },
      body: { allergies: ["Peanuts"], dietaryNotes: "No pork", allergyConsent: true },
    });
    expect(changed.status).toBe(200);
    const admin = await signedInSuperadmin();
    const byOffice = await admin.call(
      adminStudent.PUT,
      "PUT",
      `/api/parents/students/${child.id}`,
      {
        params: { id: String(child.id) },
        body: {
          name: "Thandiwe Mbewe",
          grade: "3",
          allergies: ["Peanuts", "Sesame"],
          dietaryNotes: "No pork",
        },
      },
    );
    expect(byOffice.status).toBe(200);

    const seen = await guardiansOf(a, child.id);
    expect(seen.status).toBe(200);
    expect(seen.body.changes).toEqual([
      expect.objectContaining({
        byOffice: true,
        added: ["Sesame"],
        removed: [],
        dietaryNotes: false,
      }),
      expect.objectContaining({
        by: `Parent ${b.username}`,
        byOffice: false,
        added: ["Peanuts"],
        dietaryNotes: true,
        consent: "given",
      }),
    ]);
    expect((await listOf(a)).body[0]?.allergies).toEqual(["Peanuts", "Sesame"]);
  });
});

describe("leaving, removing, and the first guardian's account deleted", () => {
  it("the second guardian's delete is leaving: the child stays with the first", async () => {
    const { a, b, child } = await twoGuardians();
    const left = await b.browser.call(student.DELETE, "DELETE", `/api/students/${child.id}`, {
      params: { id: String(child.id) },
    });
    expect(left.status).toBe(200);
    expect((await listOf(b)).body).toEqual([]);
    expect((await listOf(a)).body.map((s) => s.id)).toEqual([child.id]);
  });

  it("the first guardian's delete of a shared child leaves it with the second, counter blocked", async () => {
    const { a, b, child } = await twoGuardians("Chipo Daka");
    const removed = await a.browser.call(student.DELETE, "DELETE", `/api/students/${child.id}`, {
      params: { id: String(child.id) },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      message: expect.stringContaining(`Parent ${b.username}`),
    });
    expect((await listOf(a)).body).toEqual([]);
    const [kept] = (await listOf(b)).body;
    expect(kept).toMatchObject({ id: child.id, name: "Chipo Daka", parentId: b.id });
    const db = await testDb();
    // The counter spends from the first guardian's wallet: it waits for B to allow it.
    expect(
      await db.student.findUniqueOrThrow({
        where: key(child.id),
        select: { counterBlocked: true },
      }),
    ).toEqual({ counterBlocked: true });
    expect(
      await db.auditLog.count({ where: { action: "guardian.pass", entityId: String(child.id) } }),
    ).toBe(1);
  });

  it("the first guardian removes the second", async () => {
    const { a, b, child } = await twoGuardians();
    const removed = await a.browser.call(
      guardiansRoute.DELETE,
      "DELETE",
      `/api/students/${child.id}/guardians`,
      {
        params: { id: String(child.id) },
      },
    );
    expect(removed.status).toBe(200);
    expect((await listOf(b)).body).toEqual([]);
    expect((await guardiansOf(a, child.id)).body).toMatchObject({ canInvite: true });
  });

  it("deleting the first guardian's account leaves the child, named, with the second as first", async () => {
    const { a, b, child } = await twoGuardians("Natasha Zulu");
    const gone = await a.browser.call(deleteAccount.POST, "POST", "/api/account/delete", {
      body: { password: "parent-pass" },
    });
    expect(gone.status).toBe(200);
    const [kept] = (await listOf(b)).body;
    expect(kept).toMatchObject({
      id: child.id,
      name: "Natasha Zulu",
      parentId: b.id,
      isFirstGuardian: true,
    });
    expect(kept?.guardians).toEqual([{ name: `Parent ${b.username}`, first: true, you: true }]);
    expect(await (await testDb()).studentGuardian.count({ where: { studentId: child.id } })).toBe(
      0,
    );
  });
});
