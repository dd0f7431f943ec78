// What the payment tests share (card, mobile money, sandbox): a parent with one child, the
// return page's verification call, and the orders a payment made.
import * as verify from "@/app/api/payments/verify/[token]/route";
import type { VerifyPaymentAnswer } from "@/lib/contracts/payments";
import { testDb } from "@/tests/support/school";
import { addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

/** A parent signed up through the API, with one child in grade 4. */
export async function parentWithChild(childName = "Natasha") {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, childName, "4");
  return { ...parent, child };
}
export type PayingParent = Awaited<ReturnType<typeof parentWithChild>>;

/** POST /api/payments/verify/{token}, as the payer's browser. */
export const verifyCall = (p: { browser: Browser }, token: string) =>
  p.browser.call<VerifyPaymentAnswer>(verify.POST, "POST", `/api/payments/verify/${token}`, {
    params: { token },
  });

/** The user's orders, oldest first. */
export async function ordersOf(userId: number) {
  return (await testDb()).order.findMany({ where: { userId }, orderBy: { id: "asc" } });
}
