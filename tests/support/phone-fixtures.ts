// Proving a phone in tests (issue 48): the two calls, the code read from the account's text before
// the outbox sends and erases it, and accounts with a proven phone.
import * as confirm from "@/app/api/account/phone/confirm/route";
import * as verify from "@/app/api/account/phone/verify/route";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import type { PhoneCodeSentDto } from "@/lib/contracts/phone-verification";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { key, testDb } from "@/tests/support/school";

type Refusal = { message?: string; details?: Record<string, string[]> };

let numbers = 0;
/** A Zambian mobile number no other call of this file used ("0977100001"), and its +260 form. */
export function newNumber() {
  const national = `0977${String(100_000 + ++numbers)}`;
  return { national, international: `+260${national.slice(1)}` };
}

export const sendCode = (browser: Browser, phone: string) =>
  browser.call<PhoneCodeSentDto & Refusal>(verify.POST, "POST", "/api/account/phone/verify", {
    body: { phone },
  });

export const confirmCode = (browser: Browser, code: string) =>
  browser.call<NotificationsDto & Refusal>(confirm.POST, "POST", "/api/account/phone/confirm", {
    body: { code },
  });

/** The code in the account's latest text. */
export async function textedCode(userId: number): Promise<string> {
  const db = await testDb();
  const sms = await db.emailOutbox.findFirst({
    where: { userId, channel: "sms" },
    orderBy: { id: "desc" },
  });
  const code = /\b(\d{6})\b/.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code texted to account ${userId}`);
  return code;
}

/** Another code of six digits. */
export const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The account's phone columns as saved. */
export async function phoneColumns(userId: number) {
  const db = await testDb();
  return db.user.findUniqueOrThrow({
    where: key(userId),
    select: { phone: true, phoneVerifiedAt: true, smsOptedOutAt: true },
  });
}

/** A parent whose phone `number` was proven through the two calls. */
export async function verifiedParent() {
  const parent = await signedIn("parent");
  const number = newNumber();
  const sent = await sendCode(parent.browser, number.national);
  if (sent.status !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const answer = await confirmCode(parent.browser, await textedCode(parent.id));
  if (answer.status !== 200) throw new Error(`not confirmed: ${JSON.stringify(answer.body)}`);
  return { ...parent, number };
}
