import "server-only";
import { unprocessable } from "@/lib/api/errors";
import {
  SETTLEMENT_SPAN_MESSAGE,
  TAKINGS_MAX_DAYS,
  type SettlementDto,
} from "@/lib/contracts/takings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { matchSettlement, type BookPayment } from "@/lib/revenue/settlement-match";
import { parseSettlementCsv } from "@/lib/revenue/settlement-csv";
import { daysBetween } from "@/lib/revenue/takings-math";

// POST /api/revenue/settlement (issue 49, decision 0116): DPO's settlement report read, checked
// and matched against the school's DPO payments. Nothing is stored, whatever the file holds: the
// answer is the comparison. A file with any bad line is refused whole (422) with every bad line.

export async function matchSettlementReport(
  school: Pick<SchoolContext, "id" | "timeZone">,
  csv: string,
): Promise<SettlementDto> {
  const parsed = parseSettlementCsv(csv);
  if (!parsed.ok) throw unprocessable(parsed.message, { lines: parsed.errors });
  const lines = parsed.lines;
  const tokens = [...new Set(lines.map((line) => line.token))];
  const references = [
    ...new Set(lines.flatMap((line) => (line.reference ? [line.reference] : []))),
  ];
  const dates = lines.map((line) => line.date).sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  // The same bound as the takings: a report is a day, a week or a month of DPO's settlements.
  const span = daysBetween(from, to);
  if (span !== null && span > TAKINGS_MAX_DAYS) {
    throw unprocessable(SETTLEMENT_SPAN_MESSAGE, { from, to });
  }
  const schoolId = school.id;
  const tz = school.timeZone;
  const db = await schoolDb(schoolId);
  const paidAt = Prisma.sql`COALESCE("verifiedAt", "updatedAt")`;
  const named = [
    Prisma.sql`"transactionId" IN (${Prisma.join(tokens)})`,
    references.length > 0
      ? Prisma.sql`"transactionRef" IN (${Prisma.join(references)})`
      : Prisma.sql`FALSE`,
  ];
  const rows = await db.$queryRaw<
    {
      id: number;
      token: string | null;
      reference: string;
      amount: string;
      currency: string;
      paid: boolean;
      at: Date;
      day: string;
    }[]
  >`
    SELECT "id", "transactionId" AS "token", "transactionRef" AS "reference",
      "paymentAmount"::text AS "amount", "currency",
      ("transactionStatus" = 'verified') AS "paid", ${paidAt} AS "at",
      to_char(${paidAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS "day"
    FROM "PaymentAttempt"
    WHERE "schoolId" = ${schoolId} AND (${named[0]} OR ${named[1]}
      OR ("transactionStatus" = 'verified' AND "paymentAmount" > 0 AND "transactionId" IS NOT NULL
        AND ${paidAt} >= ((${from}::date)::timestamp AT TIME ZONE ${tz})
        AND ${paidAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})))
    ORDER BY "id"`;
  const payments: BookPayment[] = rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    day: row.paid ? row.day : null,
  }));
  return matchSettlement(lines, payments);
}
