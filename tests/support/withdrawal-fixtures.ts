// What the withdrawal tests share (issue 47): credit paid into a wallet the way a paid top-up
// credits it, the calls of the withdrawal routes, and the account's money read back.
import * as withdraw from "@/app/api/account/withdraw/route";
import * as ownWithdrawals from "@/app/api/account/withdrawals/route";
import * as decline from "@/app/api/refunds/withdrawals/[id]/decline/route";
import * as pay from "@/app/api/refunds/withdrawals/[id]/pay/route";
import * as list from "@/app/api/refunds/withdrawals/route";
import type {
  AdminWithdrawalDto,
  WithdrawalDto,
  WithdrawalsPageDto,
  WithdrawAnswer,
} from "@/lib/contracts/withdrawals";
import { appendMovement } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";
import type { Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";

/** A paid top-up's credit (the ledger function fulfil's claim calls), `amount` in kwacha. */
export async function topUp(userId: number, amount: string, schoolId?: number): Promise<void> {
  const db = await testDb(schoolId);
  await db.$transaction((tx) =>
    appendMovement(tx, { userId, ngwee: toNgwee(amount), kind: "topup", reason: "card" }),
  );
}

type Body = Record<string, unknown>;

export const withdrawCall = (browser: Browser, body: unknown) =>
  browser.call<WithdrawAnswer & Body>(withdraw.POST, "POST", "/api/account/withdraw", { body });

export const myWithdrawals = (browser: Browser) =>
  browser.call<WithdrawalDto[]>(ownWithdrawals.GET, "GET", "/api/account/withdrawals");

export const listCall = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<WithdrawalsPageDto & Body>(list.GET, "GET", "/api/refunds/withdrawals", { query });

export const payCall = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<AdminWithdrawalDto & Body>(pay.POST, "POST", `/api/refunds/withdrawals/${id}/pay`, {
    params: { id: String(id) },
    body,
  });

export const declineCall = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<AdminWithdrawalDto & Body>(
    decline.POST,
    "POST",
    `/api/refunds/withdrawals/${id}/decline`,
    { params: { id: String(id) }, body },
  );

/** The account's ledger sum and its withdrawal rows, in ngwee. */
export async function moneyOf(userId: number, schoolId?: number) {
  const db = await testDb(schoolId);
  const entries = await db.creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const requests = await db.withdrawal.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const ngwee = (value: { toFixed(n: number): string }) => {
    const text = value.toFixed(2);
    return text.startsWith("-") ? -toNgwee(text.slice(1)) : toNgwee(text);
  };
  return {
    entries,
    requests,
    ledger: entries.reduce((sum, entry) => sum + ngwee(entry.amount), 0),
    toppedUp: entries.filter((e) => e.kind === "topup").reduce((s, e) => s + ngwee(e.amount), 0),
    paidOut: requests.filter((r) => r.status === "paid").reduce((s, r) => s + ngwee(r.amount), 0),
    pending: requests
      .filter((r) => r.status === "pending")
      .reduce((s, r) => s + ngwee(r.amount), 0),
  };
}

/** Every row a refused call must leave as it was. */
export async function withdrawalRows(userId: number, schoolId?: number) {
  const db = await testDb(schoolId);
  return {
    entries: await db.creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    requests: await db.withdrawal.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    mail: await db.emailOutbox.count({ where: { userId } }),
  };
}
