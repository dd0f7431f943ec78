// What the counter tests share (issue 47): a cashier holding only the counter feature, families
// with money in their wallet, counter items, and the counter's calls.
import * as purchases from "@/app/api/counter/purchases/route";
import * as voidSale from "@/app/api/counter/sales/[id]/void/route";
import * as sales from "@/app/api/counter/sales/route";
import * as search from "@/app/api/counter/students/route";
import * as studentCounter from "@/app/api/students/[id]/counter/route";
import type {
  CounterPurchaseDto,
  CounterSaleAnswer,
  CounterStudentDto,
  CounterVoidAnswer,
  StudentCounterDto,
} from "@/lib/contracts/counter";
import { appendMovement, signedNgwee } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";
import { key, testDb } from "@/tests/support/school";
import { addMenuItem, addStudent, signedIn, uniqueName } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

type Refusal = { message?: string };

/** A counter item (type `counter`, no proteins, weeks or side dishes). */
export const counterItem = (overrides: Record<string, unknown> = {}) =>
  addMenuItem({
    name: uniqueName("Snack "),
    type: "counter",
    categories: [],
    sideDishes: [],
    weekNumbers: [],
    daysOfWeek: [],
    ...overrides,
  });

/** Money into the family's wallet, as a paid top-up is credited: one `topup` ledger movement. */
export async function topUp(userId: number, amount: string): Promise<void> {
  const db = await testDb();
  await db.$transaction((tx) =>
    appendMovement(tx, { userId, ngwee: toNgwee(amount), kind: "topup", reason: "test" }),
  );
}

/** A parent signed in, with one child of `name` (and its allergies), and `wallet` topped up. */
export async function family(
  options: { wallet?: string; childName?: string; allergies?: string[] } = {},
) {
  const parent = await signedIn("parent");
  const child = await addStudent(parent.id, options.childName ?? uniqueName("Chipo "), "4");
  if (options.allergies) {
    const db = await testDb();
    await db.student.update({
      where: key(child.id),
      data: { allergies: options.allergies, allergyConsentAt: new Date() },
    });
  }
  if (options.wallet) await topUp(parent.id, options.wallet);
  return { ...parent, child };
}
export type Family = Awaited<ReturnType<typeof family>>;

export const findByName = (cashier: Browser, q: string) =>
  cashier.call<CounterStudentDto[] & Refusal>(search.GET, "GET", "/api/counter/students", {
    query: { q },
  });

export const findByCode = (cashier: Browser, code: string) =>
  cashier.call<CounterStudentDto[] & Refusal>(search.GET, "GET", "/api/counter/students", {
    query: { code },
  });

let keys = 0;
/** A fresh till key. */
export const saleKey = () => `till-${process.pid}-${++keys}-${Date.now()}`;

export const sell = (cashier: Browser, body: Record<string, unknown>) =>
  cashier.call<CounterSaleAnswer & Refusal>(sales.POST, "POST", "/api/counter/sales", {
    body: { idempotencyKey: saleKey(), ...body },
  });

export const voidCall = (cashier: Browser, saleId: number | string) =>
  cashier.call<CounterVoidAnswer & Refusal>(
    voidSale.POST,
    "POST",
    `/api/counter/sales/${saleId}/void`,
    { params: { id: String(saleId) } },
  );

export const setCounter = (browser: Browser, studentId: number, body: unknown) =>
  browser.call<StudentCounterDto & Refusal>(
    studentCounter.PUT,
    "PUT",
    `/api/students/${studentId}/counter`,
    { params: { id: String(studentId) }, body },
  );

export const myPurchases = (browser: Browser) =>
  browser.call<CounterPurchaseDto[]>(purchases.GET, "GET", "/api/counter/purchases");

/** The family's ledger rows, oldest first, as [kind, amount]. */
export async function ledgerOf(userId: number) {
  const db = await testDb();
  const rows = await db.creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } });
  return rows.map((row) => [row.kind, row.amount.toFixed(2)]);
}

/** The family's balance from the ledger, in ngwee. */
export async function balanceNgwee(userId: number): Promise<number> {
  const db = await testDb();
  const sum = await db.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return signedNgwee(sum._sum.amount?.toFixed(2) ?? "0.00");
}

/** A cashier holding only the counter feature. */
export const cashierOnly = () => signedIn("admin", ["counter"]);
