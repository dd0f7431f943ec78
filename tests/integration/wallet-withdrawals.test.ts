import { beforeAll, describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as exportRoute from "@/app/api/account/export/route";
import * as login from "@/app/api/login/route";
import * as parentRoute from "@/app/api/parents/[id]/route";
import type { AccountExport } from "@/lib/contracts/privacy";
import { SCHOOL_CLOSED_MESSAGE, type SchoolContext } from "@/lib/contracts/schools";
import {
  DELETED_ACCOUNT_PAY_ONLY,
  NOT_ENOUGH_TO_WITHDRAW,
  WITHDRAWAL_ALREADY_DECIDED,
  WITHDRAWAL_NOT_FOUND,
} from "@/lib/contracts/withdrawals";
import { getDb } from "@/lib/db";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { NUMBER_INVALID } from "@/lib/validations/mobile-number";
import { AMOUNT_FORMAT } from "@/lib/validations/wallet";
import {
  DECLINE_REASON_REQUIRED,
  PAYOUT_METHOD_REQUIRED,
  PAYOUT_NUMBER_REQUIRED,
  PAYOUT_NUMBER_ZAMTEL,
} from "@/lib/validations/withdrawals";
import { ledgerBalance, myCredit } from "@/tests/support/credit-fixtures";
import { signedIn, signedInSuperadmin, TEST_PASSWORD } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { createSchool, testDb } from "@/tests/support/school";
import { formatZmw } from "@/lib/money";
import { PARENT_HAS_PENDING_WITHDRAWAL } from "@/lib/users/parents";
import { hashPassword } from "@/lib/security/password";
import {
  declineCall,
  listCall,
  moneyOf,
  myWithdrawals,
  payCall,
  topUp,
  withdrawalRows,
  withdrawCall,
} from "@/tests/support/withdrawal-fixtures";

// The wallet's withdrawals (issue 47, decision 0103) through the real route handlers: a family
// holds part of its wallet for a payout, the office pays it out or declines it (the credit comes
// back once), two clerks deciding at once make one decision, another school's office finds
// nothing, and an account with a balance is deleted once its whole balance is asked for.

const NUMBER = "0977 123 456";
let office: Browser;

beforeAll(async () => {
  office = (await signedIn("admin", ["refunds"], { name: "Office Clerk" })).browser;
});

async function family(credit = "100.00") {
  const parent = await signedIn("parent", [], { name: "Mwansa Banda", withEmail: true });
  if (credit !== "0.00") await topUp(parent.id, credit);
  return parent;
}

describe("POST /api/account/withdraw", () => {
  it("holds the amount (no fee) and answers 201 with the request and the new balance", async () => {
    const p = await family("100.00");
    const answer = await withdrawCall(p.browser, { amount: "40.50", mobileNumber: NUMBER });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      balance: "59.50",
      withdrawal: {
        amount: "40.50",
        mobileNumber: "097****456",
        status: "pending",
        method: null,
        reference: null,
        reason: null,
        decidedAt: null,
      },
    });
    const money = await moneyOf(p.id);
    expect(money.entries.map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ["topup", "100.00"],
      ["withdrawal", "-40.50"],
    ]);
    expect(money.requests).toMatchObject([{ mobileNumber: "0977123456", status: "pending" }]);
    expect((await myCredit(p.browser)).body.balance).toBe("59.50");
    const mine = await myWithdrawals(p.browser);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([answer.body.withdrawal]);
    // The family's copy of its data lists it, with the number it gave.
    const copy = await p.browser.call<AccountExport>(exportRoute.GET, "GET", "/api/account/export");
    expect(copy.body.withdrawals).toEqual([
      expect.objectContaining({ amount: "40.50", mobileNumber: "0977123456", status: "pending" }),
    ]);
  });

  it("withdraws the whole balance, and a teacher may too", async () => {
    const teacher = await signedIn("teacher");
    await topUp(teacher.id, "25.00");
    const answer = await withdrawCall(teacher.browser, {
      amount: 25,
      mobileNumber: "+260 966 000 111",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.balance).toBe("0.00");
  });

  it.each([
    ["zero", { amount: "0", mobileNumber: NUMBER }, 422, AMOUNT_FORMAT],
    ["a negative amount", { amount: "-5", mobileNumber: NUMBER }, 422, AMOUNT_FORMAT],
    ["not money", { amount: "ten", mobileNumber: NUMBER }, 422, AMOUNT_FORMAT],
    ["three decimals", { amount: "1.005", mobileNumber: NUMBER }, 422, AMOUNT_FORMAT],
    ["no amount", { mobileNumber: NUMBER }, 422, AMOUNT_FORMAT],
    [
      "more than the wallet",
      { amount: "100.01", mobileNumber: NUMBER },
      409,
      NOT_ENOUGH_TO_WITHDRAW,
    ],
    ["no number", { amount: "10" }, 422, PAYOUT_NUMBER_REQUIRED],
    ["an empty number", { amount: "10", mobileNumber: " " }, 422, PAYOUT_NUMBER_REQUIRED],
    ["a landline", { amount: "10", mobileNumber: "0211 123456" }, 422, NUMBER_INVALID],
    ["a Zamtel number", { amount: "10", mobileNumber: "0955 123 456" }, 422, PAYOUT_NUMBER_ZAMTEL],
  ])("refuses %s, writing nothing", async (_case, body, status, message) => {
    const p = await family("100.00");
    const before = await withdrawalRows(p.id);
    const answer = await withdrawCall(p.browser, body);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    if (status === 409) expect(answer.body.balance).toBe("100.00");
    expect(await withdrawalRows(p.id)).toEqual(before);
  });

  it("refuses an admin (not a wallet) and a visitor", async () => {
    const admin = await signedInSuperadmin();
    expect((await withdrawCall(admin, { amount: "1", mobileNumber: NUMBER })).status).toBe(403);
    expect((await withdrawCall(new Browser(), { amount: "1", mobileNumber: NUMBER })).status).toBe(
      401,
    );
  });

  it("never holds more than the wallet when requests race", async () => {
    const p = await family("50.00");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        withdrawCall(p.browser, { amount: "20", mobileNumber: NUMBER }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect(await ledgerBalance(p.id)).toBe("10.00");
  });
});

describe("Refund Management's withdrawals", () => {
  it("lists the requests, pending first, with the family's name and whole number", async () => {
    const p = await family("90.00");
    const first = (await withdrawCall(p.browser, { amount: "10", mobileNumber: NUMBER })).body;
    const second = (await withdrawCall(p.browser, { amount: "20", mobileNumber: "0761234567" }))
      .body;
    expect((await payCall(office, first.withdrawal.id, { method: "Airtel Money" })).status).toBe(
      200,
    );
    const all = await listCall(office, { status: "all" });
    expect(all.status).toBe(200);
    const statuses = all.body.data.map((row) => row.status);
    expect(statuses.indexOf("paid")).toBeGreaterThan(statuses.lastIndexOf("pending"));
    const pending = await listCall(office, { status: "pending" });
    expect(pending.body.data.every((row) => row.status === "pending")).toBe(true);
    expect(pending.body.data.find((row) => row.id === second.withdrawal.id)).toMatchObject({
      accountName: "Mwansa Banda",
      mobileNumber: "0761234567",
      operatorLabel: "MTN MoMo",
      amount: "20.00",
      accountDeleted: false,
    });
    const paid = await listCall(office, { status: "paid" });
    expect(paid.body.data.find((row) => row.id === first.withdrawal.id)).toMatchObject({
      method: "Airtel Money",
      decidedByName: "Office Clerk",
    });
    expect((await listCall(office, { status: "lost" })).status).toBe(422);
  });

  it("pays out once: the ledger does not move, the family is told, the trail keeps it", async () => {
    const p = await family("60.00");
    const request = (await withdrawCall(p.browser, { amount: "60", mobileNumber: NUMBER })).body;
    const id = request.withdrawal.id;
    expect((await payCall(office, id, { method: " " })).body.message).toBe(PAYOUT_METHOD_REQUIRED);
    const paid = await payCall(office, id, { method: "Airtel Money", reference: "MP2611.123" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", reference: "MP2611.123" });
    expect(paid.body.decidedAt).not.toBeNull();
    const again = await payCall(office, id, { method: "Cash" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WITHDRAWAL_ALREADY_DECIDED);
    expect((await declineCall(office, id, { reason: "Too late" })).status).toBe(409);

    const money = await moneyOf(p.id);
    expect(money.ledger).toBe(0);
    expect(money.paidOut).toBe(60_00);
    const db = await testDb();
    const mail = await db.emailOutbox.findMany({
      where: { userId: p.id, subject: { startsWith: "Withdrawal" } },
    });
    expect(mail.map((m) => m.subject)).toEqual([`Withdrawal paid: ${formatZmw("60.00")}`]);
    expect(mail[0]?.text).toContain("097****456 (Airtel Money, reference MP2611.123)");
    const trail = await db.auditLog.findMany({
      where: { entity: "Withdrawal", entityId: String(id) },
    });
    expect(trail.map((row) => row.action)).toEqual(["withdrawal.pay"]);
    const mine = (await myWithdrawals(p.browser)).body;
    expect(mine[0]).toMatchObject({ status: "paid", method: "Airtel Money" });
  });

  it("declines with a reason, giving the credit back once", async () => {
    const p = await family("30.00");
    const request = (await withdrawCall(p.browser, { amount: "30", mobileNumber: NUMBER })).body;
    const id = request.withdrawal.id;
    const empty = await declineCall(office, id, { reason: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(DECLINE_REASON_REQUIRED);
    const declined = await declineCall(office, id, { reason: "The number is not registered" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: "declined",
      reason: "The number is not registered",
    });
    expect((await declineCall(office, id, { reason: "Again" })).status).toBe(409);
    expect((await payCall(office, id, { method: "Cash" })).status).toBe(409);
    expect(await ledgerBalance(p.id)).toBe("30.00");
    const credit = (await myCredit(p.browser)).body;
    expect(credit.entries[0]?.description).toBe(
      `Withdrawal: request #${id} declined: The number is not registered`,
    );
    const db = await testDb();
    const mail = await db.emailOutbox.findFirst({
      where: { userId: p.id, subject: { startsWith: "Withdrawal declined" } },
    });
    expect(mail?.text).toContain(`Your balance is now ${formatZmw("30.00")}`);
    expect(
      await db.auditLog.count({ where: { action: "withdrawal.decline", entityId: String(id) } }),
    ).toBe(1);
  });

  it("makes one decision of two clerks deciding at once", async () => {
    const clerk = (await signedIn("admin", ["refunds"])).browser;
    for (const race of ["pay-decline", "decline-decline", "pay-pay"] as const) {
      const p = await family("10.00");
      const id = (await withdrawCall(p.browser, { amount: "10", mobileNumber: NUMBER })).body
        .withdrawal.id;
      const [one, two] = race.split("-") as ("pay" | "decline")[];
      const call = (who: Browser, what: "pay" | "decline") =>
        what === "pay"
          ? payCall(who, id, { method: "Cash" })
          : declineCall(who, id, { reason: "No" });
      const answers = await Promise.all([call(office, one!), call(clerk, two!)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const money = await moneyOf(p.id);
      const winner = money.requests[0]!.status;
      expect(money.ledger).toBe(winner === "declined" ? 10_00 : 0);
      expect(money.entries.filter((e) => e.kind === "withdrawal")).toHaveLength(
        winner === "declined" ? 2 : 1,
      );
    }
  });

  it("keeps an admin from deleting a family whose withdrawal is still owed", async () => {
    const p = await family("15.00");
    const id = (await withdrawCall(p.browser, { amount: "15", mobileNumber: NUMBER })).body
      .withdrawal.id;
    const admin = await signedInSuperadmin();
    const remove = () =>
      admin.call(parentRoute.DELETE, "DELETE", `/api/parents/${p.id}`, {
        params: { id: String(p.id) },
        query: { force: "true" },
      });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: PARENT_HAS_PENDING_WITHDRAWAL,
      pendingWithdrawals: 1,
    });
    expect((await moneyOf(p.id)).requests).toHaveLength(1);
    expect((await payCall(office, id, { method: "Cash" })).status).toBe(200);
    expect((await remove()).status).toBe(200);
  });

  it("answers 404 for an id that is not a request", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const answer = await payCall(office, id, { method: "Cash" });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(WITHDRAWAL_NOT_FOUND);
    }
  });
});

describe("another school", () => {
  let b: SchoolContext & { adminPassword: string };
  let officeB: Browser;

  beforeAll(async () => {
    b = await createSchool("payouts", { name: "Payout School" });
    officeB = new Browser("198.51.99.31", "http://payouts.localhost:3000");
    const answer = await officeB.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: b.adminPassword },
    });
    expect(answer.status).toBe(200);
  });

  it("sees none of this school's requests and can decide none of them", async () => {
    const p = await family("20.00");
    const id = (await withdrawCall(p.browser, { amount: "20", mobileNumber: NUMBER })).body
      .withdrawal.id;
    const before = await withdrawalRows(p.id);
    const list = await listCall(officeB, { status: "all" });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row) => row.id)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain("Mwansa");
    expect((await payCall(officeB, id, { method: "Cash" })).status).toBe(404);
    expect((await declineCall(officeB, id, { reason: "No" })).status).toBe(404);
    expect(await withdrawalRows(p.id)).toEqual(before);
    // Another family of this school sees nothing of it either.
    const other = await family("0.00");
    expect((await myWithdrawals(other.browser)).body).toEqual([]);
  });

  it("takes no request while suspended: 403 and nothing written", async () => {
    const c = await createSchool("shut", { name: "Shut School" });
    const dbC = await testDb(c.id);
    const parent = await dbC.user.create({
      data: {
        schoolId: c.id,
        username: "shut.parent",
        usernameKey: "shut.parent",
        name: "Shut Parent",
        passwordHash: await hashPassword(TEST_PASSWORD),
      },
    });
    await topUp(parent.id, "30.00", c.id);
    const browser = new Browser("198.51.99.32", "http://shut.localhost:3000");
    const signedInC = await browser.call(login.POST, "POST", "/api/login", {
      body: { username: "shut.parent", password: TEST_PASSWORD },
    });
    expect(signedInC.status).toBe(200);
    await (await getDb()).school.update({ where: { id: c.id }, data: { status: "suspended" } });
    forgetSchools();
    const before = await withdrawalRows(parent.id, c.id);
    const answer = await withdrawCall(browser, { amount: "10", mobileNumber: NUMBER });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(SCHOOL_CLOSED_MESSAGE);
    expect(await withdrawalRows(parent.id, c.id)).toEqual(before);
  });
});

describe("deleting an account with a balance", () => {
  it("is refused with the whole balance offered for withdrawal, then goes on", async () => {
    const p = await family("45.00");
    const del = () =>
      p.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
        body: { password: TEST_PASSWORD },
      });
    const refused = await del();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ withdrawable: "45.00" });
    const request = await withdrawCall(p.browser, { amount: "45.00", mobileNumber: NUMBER });
    expect(request.status).toBe(201);
    expect((await del()).status).toBe(200);

    // The office still has what it needs to pay, and only that.
    const id = request.body.withdrawal.id;
    const listed = (await listCall(office, { status: "pending" })).body.data.find(
      (row) => row.id === id,
    );
    expect(listed).toMatchObject({
      accountName: "Deleted account",
      mobileNumber: "0977123456",
      amount: "45.00",
      accountDeleted: true,
    });
    const declined = await declineCall(office, id, { reason: "No" });
    expect(declined.status).toBe(409);
    expect(declined.body.message).toBe(DELETED_ACCOUNT_PAY_ONLY);
    const paid = await payCall(office, id, { method: "Airtel Money", reference: "X1" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", mobileNumber: null });
    const money = await moneyOf(p.id);
    expect(money.requests[0]?.mobileNumber).toBeNull();
    expect(money.ledger).toBe(0);
    const db = await testDb();
    expect(
      await db.emailOutbox.count({
        where: { userId: p.id, subject: { startsWith: "Withdrawal" } },
      }),
    ).toBe(0);
  });
});
