import "server-only";
import {
  TAKINGS_ITEMS_LIMIT,
  type TakingsDto,
  type TakingsItemDto,
  type TakingsLine,
  type TakingsPaymentsDto,
} from "@/lib/contracts/takings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { signedNgwee } from "@/lib/credit/ledger";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { fromNgwee } from "@/lib/money";
import { summariseTakings } from "@/lib/revenue/takings-math";
import { schoolToday } from "@/lib/school-calendar";

// Takings (issue 49, decision 0116): the school's money movements of a period, one row each, read
// in one statement and summed by takings-math. Each movement belongs to one line:
// - card, airtel, mtn: a DPO payment (meals or a wallet top-up) when it was verified paid, for
//   what was charged (the credit it spent is in credit_spent);
// - transfer: an order paid later by transfer or mobile money (BYPASS), when the office verified
//   it in Pending Payments (its audit row), for its price less the credit it spent;
// - credit_spent: credit spent on meals (a checkout from credit, or the credit part of a payment
//   that went through; a hold released when the payment failed is not spent);
// - counter: a counter sale not voided;
// - refund_*: a refund the office paid back by hand (not to credit: that stays in the wallet);
// - payout: a wallet payout the office made.
// The day is the school's (its time zone), never the server's.

export type TakingsRange = { from: string; to: string };

type Row = {
  line: TakingsLine;
  key: string;
  day: string;
  at: Date;
  amount: string;
  account: string | null;
  reference: string | null;
};

export function takingsRange(
  school: Pick<SchoolContext, "timeZone">,
  query: { from?: string | undefined; to?: string | undefined },
): TakingsRange {
  const today = schoolToday(school.timeZone);
  const from = query.from ?? query.to ?? today;
  return { from, to: query.to ?? (query.from ? from : today) };
}

/** The period's movements, oldest first, narrowed to one line and one day when asked. */
async function movementRows(
  school: Pick<SchoolContext, "id" | "timeZone">,
  range: TakingsRange,
  only: { line?: TakingsLine | undefined; day?: string | undefined; limit?: number } = {},
): Promise<Row[]> {
  const schoolId = school.id;
  const tz = school.timeZone;
  const db = await schoolDb(schoolId);
  const start = Prisma.sql`((${range.from}::date)::timestamp AT TIME ZONE ${tz})`;
  const end = Prisma.sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const inPeriod = (column: Prisma.Sql) => Prisma.sql`${column} >= ${start} AND ${column} < ${end}`;
  const dayOf = (column: Prisma.Sql) =>
    Prisma.sql`to_char(${column} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  const paidAt = Prisma.sql`COALESCE(pa."verifiedAt", pa."updatedAt")`;
  const verifiedAt = Prisma.sql`COALESCE(v."createdAt", o."updatedAt")`;
  const narrow = [
    only.line ? Prisma.sql`m."line" = ${only.line}` : Prisma.sql`TRUE`,
    only.day ? Prisma.sql`m."day" = ${only.day}` : Prisma.sql`TRUE`,
  ];
  const limit = only.limit ? Prisma.sql`LIMIT ${only.limit}` : Prisma.empty;
  return db.$queryRaw<Row[]>`
    SELECT m.* FROM (
      SELECT CASE WHEN pa."paymentMethod" = 'MOBILE' AND pa."mobileOperator" = 'airtel' THEN 'airtel'
                  WHEN pa."paymentMethod" = 'MOBILE' AND pa."mobileOperator" = 'mtn' THEN 'mtn'
                  ELSE 'card' END AS "line",
        'payment-' || pa."id" AS "key", ${dayOf(paidAt)} AS "day", ${paidAt} AS "at",
        pa."paymentAmount"::text AS "amount", u."name" AS "account", pa."transactionId" AS "reference"
      FROM "PaymentAttempt" pa JOIN "User" u ON u."schoolId" = pa."schoolId" AND u."id" = pa."userId"
      WHERE pa."schoolId" = ${schoolId} AND pa."transactionStatus" = 'verified'
        AND pa."paymentAmount" > 0 AND ${inPeriod(paidAt)}
      UNION ALL
      SELECT 'transfer', 'order-' || o."id", ${dayOf(verifiedAt)}, ${verifiedAt},
        (o."discountedPrice" + c."spent")::text, u."name", 'Order ' || o."id"
      FROM "Order" o JOIN "User" u ON u."schoolId" = o."schoolId" AND u."id" = o."userId"
      CROSS JOIN LATERAL (SELECT COALESCE(SUM(e."amount"), 0) AS "spent" FROM "CreditEntry" e
        WHERE e."schoolId" = ${schoolId} AND e."orderId" = o."id" AND e."kind" = 'spent') c
      LEFT JOIN LATERAL (SELECT a."createdAt" FROM "AuditLog" a
        WHERE a."schoolId" = ${schoolId} AND a."action" = 'payment.verify'
          AND a."details" -> 'orderIds' @> to_jsonb(o."id") ORDER BY a."createdAt" LIMIT 1) v ON TRUE
      WHERE o."schoolId" = ${schoolId} AND o."paymentProcessor" = 'BYPASS'
        AND o."paymentStatus" = 'confirmed' AND o."discountedPrice" + c."spent" > 0
        -- Verifying an order writes its updatedAt (the same transaction as its audit row), so an
        -- order last changed before the period (a day's margin) was not verified in it: history
        -- is not searched for audit rows.
        AND o."updatedAt" >= ${start} - interval '1 day'
        AND ${inPeriod(verifiedAt)}
      UNION ALL
      SELECT 'credit_spent', 'credit-' || e."id", ${dayOf(Prisma.sql`e."createdAt"`)}, e."createdAt",
        (-e."amount")::text, u."name",
        COALESCE('Order ' || e."orderId", 'Payment ' || e."paymentAttemptId")
      FROM "CreditEntry" e JOIN "User" u ON u."schoolId" = e."schoolId" AND u."id" = e."userId"
      LEFT JOIN "PaymentAttempt" pa ON pa."schoolId" = e."schoolId" AND pa."id" = e."paymentAttemptId"
      WHERE e."schoolId" = ${schoolId} AND e."kind" = 'spent' AND e."amount" < 0
        AND ${inPeriod(Prisma.sql`e."createdAt"`)}
        AND (e."paymentAttemptId" IS NULL OR (pa."transactionStatus" = 'verified'
          AND NOT EXISTS (SELECT 1 FROM "CreditEntry" r WHERE r."schoolId" = ${schoolId}
            AND r."paymentAttemptId" = e."paymentAttemptId" AND r."kind" = 'released')))
      UNION ALL
      SELECT 'counter', 'sale-' || s."id", to_char(s."day", 'YYYY-MM-DD'), s."createdAt",
        s."total"::text, u."name", 'Sale ' || s."id"
      FROM "CounterSale" s JOIN "User" u ON u."schoolId" = s."schoolId" AND u."id" = s."userId"
      WHERE s."schoolId" = ${schoolId} AND s."voidedAt" IS NULL
        AND s."day" >= ${range.from}::date AND s."day" <= ${range.to}::date
      UNION ALL
      SELECT 'refund_' || r."method", 'refund-' || r."id", ${dayOf(Prisma.sql`r."createdAt"`)}, r."createdAt",
        GREATEST(0, o."discountedPrice" - COALESCE((SELECT SUM(e."amount") FROM "CreditEntry" e
          WHERE e."schoolId" = ${schoolId} AND e."orderId" = o."id" AND e."kind" = 'refund'
            AND e."adminId" IS NULL), 0))::text,
        u."name", COALESCE(r."reference", 'Order ' || o."id")
      FROM "OrderRefund" r
      JOIN "Order" o ON o."schoolId" = r."schoolId" AND o."id" = r."orderId"
      JOIN "User" u ON u."schoolId" = o."schoolId" AND u."id" = o."userId"
      WHERE r."schoolId" = ${schoolId} AND r."method" NOT IN ('credit', 'dpo')
        AND ${inPeriod(Prisma.sql`r."createdAt"`)}
      UNION ALL
      SELECT 'refund_card_dpo', 'card-refund-' || cr."id", ${dayOf(Prisma.sql`cr."refundedAt"`)},
        cr."refundedAt", cr."amount"::text, u."name",
        COALESCE('Order ' || cr."orderId", 'Card refund ' || cr."id")
      FROM "CardRefund" cr JOIN "User" u ON u."schoolId" = cr."schoolId" AND u."id" = cr."userId"
      WHERE cr."schoolId" = ${schoolId} AND cr."status" = 'refunded'
        AND ${inPeriod(Prisma.sql`cr."refundedAt"`)}
      UNION ALL
      SELECT 'payout', 'withdrawal-' || w."id", ${dayOf(Prisma.sql`w."decidedAt"`)}, w."decidedAt",
        w."amount"::text, u."name", COALESCE(w."reference", w."method")
      FROM "Withdrawal" w JOIN "User" u ON u."schoolId" = w."schoolId" AND u."id" = w."userId"
      WHERE w."schoolId" = ${schoolId} AND w."status" = 'paid' AND ${inPeriod(Prisma.sql`w."decidedAt"`)}
    ) m
    WHERE ${narrow[0]} AND ${narrow[1]}
    ORDER BY m."at", m."key" ${limit}`;
}

/** Every account's credit at the end of the period's last day (the school's). */
async function creditOutstandingAt(
  school: Pick<SchoolContext, "id" | "timeZone">,
  to: string,
): Promise<string> {
  const db = await schoolDb(school.id);
  const [row] = await db.$queryRaw<{ outstanding: string }[]>`
    SELECT COALESCE(SUM("amount"), 0)::numeric(14, 2)::text AS "outstanding" FROM "CreditEntry"
    WHERE "schoolId" = ${school.id}
      AND "createdAt" < ((${to}::date + 1)::timestamp AT TIME ZONE ${school.timeZone})`;
  return fromNgwee(signedNgwee(row?.outstanding ?? "0.00"));
}

export async function getTakings(
  school: Pick<SchoolContext, "id" | "timeZone">,
  range: TakingsRange,
): Promise<TakingsDto> {
  const [rows, creditOutstanding] = await Promise.all([
    movementRows(school, range),
    creditOutstandingAt(school, range.to),
  ]);
  const summary = summariseTakings(
    rows.map((row) => ({ line: row.line, day: row.day, ngwee: signedNgwee(row.amount) })),
  );
  return { ...range, timeZone: school.timeZone, ...summary, creditOutstanding };
}

/** The payments behind one figure: a line, a day, or both (at most TAKINGS_ITEMS_LIMIT). */
export async function listTakingsPayments(
  school: Pick<SchoolContext, "id" | "timeZone">,
  range: TakingsRange,
  only: { line?: TakingsLine | undefined; day?: string | undefined },
): Promise<TakingsPaymentsDto> {
  const rows = await movementRows(school, range, { ...only, limit: TAKINGS_ITEMS_LIMIT + 1 });
  const items: TakingsItemDto[] = rows.slice(0, TAKINGS_ITEMS_LIMIT).map((row) => ({
    line: row.line,
    key: row.key,
    day: row.day,
    at: row.at.toISOString(),
    amount: fromNgwee(signedNgwee(row.amount)),
    account: row.account,
    reference: row.reference,
  }));
  return { items, truncated: rows.length > TAKINGS_ITEMS_LIMIT };
}
