import { afterAll, describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as parent from "@/app/api/parents/[id]/route";
import * as profile from "@/app/api/profile/route";
import { ERASED_BODY, ERASED_RECIPIENT } from "@/lib/contracts/privacy";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { applyRetention } from "@/lib/privacy/retention";
import { signedIn, TEST_PASSWORD } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { newNumber, phoneColumns, sendCode, verifiedParent } from "@/tests/support/phone-fixtures";
import { testDb } from "@/tests/support/school";
import { setMessagingEnv } from "@/tests/support/with-messaging-env";

// A proven phone (issue 48, decision 0110) loses its proof when it is changed anywhere else: in
// Profile Settings or by the office; the same number written another way keeps it. A code and the
// text that carried it do not outlive their use.

const restoreEnv = setMessagingEnv({ sms: true });
afterAll(() => restoreEnv());

describe("changing the phone elsewhere", () => {
  const saveProfile = (browser: Browser, phone: string) =>
    browser.call(profile.PUT, "PUT", "/api/profile", { body: { name: "A Parent", phone } });

  it("un-verifies it in Profile Settings, but not the same number written another way", async () => {
    const parentAccount = await verifiedParent();
    expect((await saveProfile(parentAccount.browser, parentAccount.number.national)).status).toBe(
      200,
    );
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: parentAccount.number.international,
      phoneVerifiedAt: expect.any(Date),
    });

    expect((await saveProfile(parentAccount.browser, "0966 000 111")).status).toBe(200);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: "0966 000 111",
      phoneVerifiedAt: null,
    });
  });

  it("un-verifies it when the office edits the parent's phone", async () => {
    const parentAccount = await verifiedParent();
    const office = await signedIn("admin", ["parents_students"]);
    const edit = (phone: string) =>
      office.browser.call(parent.PUT, "PUT", `/api/parents/${parentAccount.id}`, {
        body: { username: parentAccount.username, name: "A Parent", email: "", phone },
        params: { id: String(parentAccount.id) },
      });
    expect((await edit(parentAccount.number.international)).status).toBe(200);
    expect((await phoneColumns(parentAccount.id)).phoneVerifiedAt).not.toBeNull();
    expect((await edit("0955 222 333")).status).toBe(200);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: "0955 222 333",
      phoneVerifiedAt: null,
    });
  });

  it("un-verifies it when Profile Settings removes the phone", async () => {
    const parentAccount = await verifiedParent();
    expect((await saveProfile(parentAccount.browser, "")).status).toBe(200);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: null,
      phoneVerifiedAt: null,
    });
  });
});

describe("what is kept of a code", () => {
  it("goes with the account when it is deleted", async () => {
    const parentAccount = await verifiedParent();
    await sendCode(parentAccount.browser, newNumber().national);
    const answer = await parentAccount.browser.call(
      deleteRoute.POST,
      "POST",
      "/api/account/delete",
      {
        body: { password: TEST_PASSWORD },
      },
    );
    expect(answer.status).toBe(200);
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: parentAccount.id } })).toBe(0);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: null,
      phoneVerifiedAt: null,
    });
    // The texts lost their number and their code.
    const texts = await db.emailOutbox.findMany({ where: { userId: parentAccount.id } });
    expect(texts.map((t) => [t.to, t.text])).toEqual(
      texts.map(() => [ERASED_RECIPIENT, ERASED_BODY]),
    );
  });

  it("is deleted a day after it expired", async () => {
    const { browser, id } = await signedIn("parent");
    await sendCode(browser, newNumber().national);
    const db = await testDb();
    const [code] = await db.phoneVerification.findMany({ where: { userId: id } });
    const dayAfter = new Date(code!.expiresAt.getTime() + 24 * 60 * 60 * 1000);
    await applyRetention(DEFAULT_SCHOOL_ID, new Date(dayAfter.getTime() - 1000));
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(1);
    await applyRetention(DEFAULT_SCHOOL_ID, dayAfter);
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(0);
  });
});
