import { afterAll, describe, expect, it } from "@jest/globals";
import * as messagingSettings from "@/app/api/settings/messaging/route";
import {
  CODE_DEAD,
  CODE_EXPIRED,
  NO_CODE_WAITING,
  SMS_NOT_OFFERED,
  TOO_MANY_CODES_FOR_ACCOUNT,
  TOO_MANY_CODES_FOR_NUMBER,
} from "@/lib/contracts/phone-verification";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { PHONE_INVALID } from "@/lib/validations/phone";
import { signedIn, signedInSuperadmin } from "@/tests/support/fixtures";
import {
  confirmCode,
  newNumber,
  phoneColumns,
  sendCode,
  textedCode,
  verifiedParent,
  wrongOf,
} from "@/tests/support/phone-fixtures";
import { key, testDb } from "@/tests/support/school";
import { setMessagingEnv } from "@/tests/support/with-messaging-env";

// Proving a phone (issue 48, decision 0110): a code texted through the outbox, kept hashed, valid
// 10 minutes and 5 tries, limited per number and per account; the account's phone becomes the
// proven number (changing it elsewhere: phone-change.test.ts).

const restoreEnv = setMessagingEnv({ sms: true });
afterAll(() => restoreEnv());

async function messagingOffered(sms: boolean) {
  const admin = await signedInSuperadmin();
  const answer = await admin.call(messagingSettings.PUT, "PUT", "/api/settings/messaging", {
    body: { senderId: null, sms, whatsapp: true },
  });
  expect(answer.status).toBe(200);
}

describe("POST /api/account/phone/verify", () => {
  it("texts a 6-digit code to the number in international form, kept only as a hash", async () => {
    const { browser, id } = await signedIn("parent");
    const number = newNumber();
    const before = Date.now();
    const answer = await sendCode(
      browser,
      // As a parent types it: "0977 100 001".
      `${number.national.slice(0, 4)} ${number.national.slice(4, 7)} ${number.national.slice(7)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.phone).toBe(number.international);
    expect(answer.body.message).toMatch(/^We sent a code to \+260 97 .*valid for 10 minutes\.$/);

    const db = await testDb();
    const [code] = await db.phoneVerification.findMany({ where: { userId: id } });
    expect(code?.phone).toBe(number.international);
    expect(code?.usedAt).toBeNull();
    expect(code?.attempts).toBe(0);
    const validFor = (code?.expiresAt.getTime() ?? 0) - before;
    expect(validFor).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000 + 5000);

    const texts = await db.emailOutbox.findMany({ where: { userId: id } });
    expect(texts).toHaveLength(1);
    const sms = texts[0]!;
    expect(sms).toMatchObject({
      channel: "sms",
      to: number.international,
      kind: null,
      erasure: "secret",
      status: "pending",
    });
    // Sent at once, quiet hours or not: it answers what the parent just did. Due when written; the
    // outbox run the answer kicked may already have tried it (it takes only rows that are due) and,
    // with no SMS server behind this test, put it back 30 s later (a CI run on PostgreSQL did).
    expect({ due: sms.nextAttemptAt.getTime() <= Date.now() || sms.attempts > 0 }).toEqual({
      due: true,
    });
    expect(fitsOneSms(sms.text)).toBe(true);
    const texted = await textedCode(id);
    expect(sms.text).toContain(texted);
    // The code itself is nowhere but in the text.
    expect(code?.codeHash).not.toContain(texted);
    // The account's phone is not changed until the code comes back.
    expect((await phoneColumns(id)).phone).toBeNull();
  });

  it.each([
    ["a landline", "0211 123 456"],
    ["a short number", "0977 123"],
    ["words", "call me"],
    ["a number with text around it", "0977 123 456 please"],
  ])("refuses %s with 422 and sends nothing", async (_what, phone) => {
    const { browser, id } = await signedIn("parent");
    const answer = await sendCode(browser, phone);
    expect(answer.status).toBe(422);
    expect(answer.body.details?.phone).toEqual([PHONE_INVALID]);
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(0);
    expect(await db.emailOutbox.count({ where: { userId: id } })).toBe(0);
  });

  it("answers 409 and changes nothing when the school does not offer SMS", async () => {
    const { browser, id } = await signedIn("parent");
    await messagingOffered(false);
    try {
      const answer = await sendCode(browser, newNumber().national);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ message: SMS_NOT_OFFERED });
    } finally {
      await messagingOffered(true);
    }
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(0);
    expect(await db.emailOutbox.count({ where: { userId: id } })).toBe(0);
  });

  it("answers 409 when the platform has no SMS provider", async () => {
    const { browser, id } = await signedIn("parent");
    const restore = setMessagingEnv({ sms: false });
    try {
      expect((await sendCode(browser, newNumber().national)).status).toBe(409);
    } finally {
      restore();
    }
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(0);
  });

  it("sends at most 3 codes an hour to one number, whoever asks", async () => {
    const first = await signedIn("parent");
    const second = await signedIn("parent");
    const number = newNumber();
    for (let i = 0; i < 3; i++)
      expect((await sendCode(first.browser, number.national)).status).toBe(200);
    const refused = await sendCode(second.browser, number.international);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_CODES_FOR_NUMBER });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: second.id } })).toBe(0);
    // Another number is still welcome.
    expect((await sendCode(second.browser, newNumber().national)).status).toBe(200);
  });

  it("sends at most 5 codes a day for one account", async () => {
    const { browser, id } = await signedIn("parent");
    for (let i = 0; i < 5; i++)
      expect((await sendCode(browser, newNumber().national)).status).toBe(200);
    const refused = await sendCode(browser, newNumber().national);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_CODES_FOR_ACCOUNT });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(80_000);
    const db = await testDb();
    expect(await db.phoneVerification.count({ where: { userId: id } })).toBe(5);
  });
});

describe("POST /api/account/phone/confirm", () => {
  it("makes the proven number the account's verified phone, once", async () => {
    const { browser, id } = await signedIn("teacher");
    const number = newNumber();
    await sendCode(browser, number.national);
    const code = await textedCode(id);
    const answer = await confirmCode(browser, code);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ phone: number.international, phoneVerified: true });
    // Verified: payments and closures now go by SMS too (the defaults, decision 0108).
    expect(answer.body.channels.payments).toEqual(["email", "sms"]);
    const saved = await phoneColumns(id);
    expect(saved.phone).toBe(number.international);
    expect(saved.phoneVerifiedAt).not.toBeNull();
    const db = await testDb();
    const row = await db.phoneVerification.findFirstOrThrow({ where: { userId: id } });
    expect(row.usedAt).not.toBeNull();

    const again = await confirmCode(browser, code);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(NO_CODE_WAITING);
  });

  it("refuses a wrong code with the tries left, and the right one still works", async () => {
    const { browser, id } = await signedIn("parent");
    await sendCode(browser, newNumber().national);
    const code = await textedCode(id);
    const wrong = await confirmCode(browser, wrongOf(code));
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(
      "That code is not right. Please check the text message and try again (4 tries left).",
    );
    expect(wrong.body.details?.code).toEqual([wrong.body.message]);
    expect((await phoneColumns(id)).phoneVerifiedAt).toBeNull();
    expect((await confirmCode(browser, code)).status).toBe(200);
  });

  it("refuses a code that is not six digits without using a try", async () => {
    const { browser, id } = await signedIn("parent");
    await sendCode(browser, newNumber().national);
    expect((await confirmCode(browser, "12345")).status).toBe(422);
    const db = await testDb();
    expect((await db.phoneVerification.findFirstOrThrow({ where: { userId: id } })).attempts).toBe(
      0,
    );
  });

  it("refuses an expired code", async () => {
    const { browser, id } = await signedIn("parent");
    await sendCode(browser, newNumber().national);
    const db = await testDb();
    await db.phoneVerification.updateMany({
      where: { userId: id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const answer = await confirmCode(browser, await textedCode(id));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(CODE_EXPIRED);
    expect((await phoneColumns(id)).phoneVerifiedAt).toBeNull();
  });

  it("kills a code after five tries, the right code included", async () => {
    const { browser, id } = await signedIn("parent");
    await sendCode(browser, newNumber().national);
    const code = await textedCode(id);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await confirmCode(browser, wrongOf(code)));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    expect(answers[3]?.body.message).toMatch(/\(1 try left\)\.$/);
    expect(answers[4]?.body.message).toBe(CODE_DEAD);
    const late = await confirmCode(browser, code);
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(CODE_DEAD);
    expect((await phoneColumns(id)).phoneVerifiedAt).toBeNull();
  });

  it("takes only the latest code: a new code replaces the one before", async () => {
    const { browser, id } = await signedIn("parent");
    const number = newNumber();
    await sendCode(browser, number.national);
    const first = await textedCode(id);
    await sendCode(browser, number.national);
    const second = await textedCode(id);
    if (first !== second) expect((await confirmCode(browser, first)).status).toBe(422);
    expect((await confirmCode(browser, second)).status).toBe(200);
  });

  it("keeps the proven phone until a new number is proven, and a new number clears a STOP", async () => {
    const parentAccount = await verifiedParent();
    const db = await testDb();
    await db.user.update({ where: key(parentAccount.id), data: { smsOptedOutAt: new Date() } });
    const next = newNumber();
    await sendCode(parentAccount.browser, next.national);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: parentAccount.number.international,
      phoneVerifiedAt: expect.any(Date),
    });
    expect(
      (await confirmCode(parentAccount.browser, await textedCode(parentAccount.id))).status,
    ).toBe(200);
    expect(await phoneColumns(parentAccount.id)).toMatchObject({
      phone: next.international,
      phoneVerifiedAt: expect.any(Date),
      smsOptedOutAt: null,
    });
  });
});
