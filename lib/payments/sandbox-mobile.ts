import "server-only";
import { XMLBuilder } from "fast-xml-parser";
import type { SessionUser } from "@/lib/auth/session";
import { PAYMENT_METHODS } from "@/lib/contracts/mobile-money";
import { TX } from "@/lib/contracts/payments";
import { schoolDb } from "@/lib/db";
import { maskNational } from "@/lib/validations/mobile-number";

// The built-in sandbox's mobile-money push (ChargeTokenMobile), answered as DPO does: a Code and an
// Explanation, with Instructions for the payer. The push is recorded on the sandbox transaction;
// the test page /payment/sandbox/mobile lists the signed-in payer's open pushes with Approve and
// Decline (the sandbox's decision, lib/payments/sandbox.ts), so the flow works offline.

/** A number whose last six digits are zeros is refused, as DPO refuses an unregistered wallet. */
const REFUSED_SUFFIX = "000000";
export const SANDBOX_REFUSED_EXPLANATION = "The number is not registered for mobile money";

export type SandboxPush = {
  token: string;
  amount: string;
  currency: string;
  mobileNumber: string;
  mno: string;
  pushedAt: string;
};

const builder = new XMLBuilder({ processEntities: true, suppressEmptyNode: false });

function mobileAnswer(code: string, explanation: string, instructions = ""): string {
  const xml = builder.build({
    API3G: {
      Code: code,
      Explanation: explanation,
      Instructions: instructions,
      RedirectOption: "0",
    },
  });
  return `<?xml version="1.0" encoding="utf-8"?>${xml}`;
}

/** ChargeTokenMobile on a sandbox token that is still payable (created after `ptlStart`). */
export async function sandboxChargeTokenMobile(
  schoolId: number,
  f: Record<string, string>,
  ptlStart: Date,
): Promise<string> {
  const { TransactionToken: token, PhoneNumber: phone, MNO: mno } = f;
  if (!token || !phone || !mno || !f.MNOcountry) {
    return mobileAnswer("950", "Request missing mandatory fields");
  }
  // DPO's form: 260 and the nine digits of the national number.
  if (!/^260\d{9}$/.test(phone)) return mobileAnswer("999", "Invalid phone number");
  if (phone.endsWith(REFUSED_SUFFIX)) return mobileAnswer("999", SANDBOX_REFUSED_EXPLANATION);
  const db = await schoolDb(schoolId);
  const { count } = await db.sandboxTransaction.updateMany({
    where: { schoolId, token, status: "created", createdAt: { gt: ptlStart } },
    data: { mobileNumber: maskNational(`0${phone.slice(3)}`), mno, pushedAt: new Date() },
  });
  if (count === 0) {
    const row = await db.sandboxTransaction.findUnique({
      where: { schoolId_token: { schoolId, token } },
    });
    return row
      ? mobileAnswer("999", `Transaction cannot be charged: ${row.status}`)
      : mobileAnswer("999", "Transaction not found");
  }
  return mobileAnswer(
    "130",
    "New invoice",
    "Sandbox: approve or decline this payment on the test page /payment/sandbox/mobile.",
  );
}

/** The open pushes of the payer's own open mobile-money attempts, newest first. */
export async function listSandboxPushes(
  schoolId: number,
  actor: SessionUser,
  ptlStart: Date,
): Promise<SandboxPush[]> {
  const db = await schoolDb(schoolId);
  const attempts = await db.paymentAttempt.findMany({
    where: {
      schoolId,
      userId: actor.id,
      paymentMethod: PAYMENT_METHODS.mobile,
      transactionStatus: TX.initiated,
    },
    select: { transactionRef: true },
  });
  if (attempts.length === 0) return [];
  const rows = await db.sandboxTransaction.findMany({
    where: {
      schoolId,
      companyRef: { in: attempts.map((a) => a.transactionRef) },
      status: "created",
      pushedAt: { not: null },
      createdAt: { gt: ptlStart },
    },
    orderBy: { pushedAt: "desc" },
  });
  return rows.map((row) => ({
    token: row.token,
    amount: row.amount.toFixed(2),
    currency: row.currency,
    mobileNumber: row.mobileNumber ?? "",
    mno: row.mno ?? "",
    pushedAt: (row.pushedAt ?? row.updatedAt).toISOString(),
  }));
}
