import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { pageMetadata } from "@/lib/contracts/paging";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { REFUNDS_PAGE_SIZE, type RefundDto, type RefundsPageDto } from "@/lib/contracts/orders";
import type { RefundMethod } from "@/lib/contracts/refunds";
import { appendMovement } from "@/lib/credit/ledger";
import { getDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toNgwee } from "@/lib/money";
import { orderLineSelect } from "@/lib/orders/order-dto";
import type { RefundCompleteValues } from "@/lib/validations/refunds";

// Refund Management (spec 001 §2, §4, §7): paid orders that were cancelled, to be refunded, and
// the ones already refunded; marking a cancelled order refunded.

export const ONLY_CANCELLED_REFUNDABLE = "Only cancelled orders can be refunded";
export const ONLY_PAID_REFUNDABLE = "Only paid orders can be refunded";
export const ORDER_NOT_FOUND = "Order not found";

const refundWhere = {
  status: { in: ["cancelled", "refunded"] },
  paymentStatus: "confirmed",
  discountedPrice: { gt: 0 },
} as const satisfies Prisma.OrderWhereInput;

const refundSelect = {
  id: true,
  orderDate: true,
  discountedPrice: true,
  status: true,
  student: orderLineSelect.student,
  menuItem: { select: { name: true } },
  userId: true,
  refund: {
    select: {
      method: true,
      reference: true,
      note: true,
      createdAt: true,
      admin: { select: { name: true } },
    },
  },
} as const satisfies Prisma.OrderSelect;

type RefundRow = Prisma.OrderGetPayload<{ select: typeof refundSelect }>;

function toRefundDto(row: RefundRow): RefundDto {
  return {
    id: row.id,
    orderDate: row.orderDate.toISOString(),
    student: row.student,
    menuItem: row.menuItem,
    amount: row.discountedPrice.toFixed(2),
    // The query only returns these two; the cast keeps the DTO's narrower type.
    status: row.status as RefundDto["status"],
    refund: row.refund && {
      method: row.refund.method as RefundMethod,
      reference: row.refund.reference,
      note: row.refund.note,
      adminName: row.refund.admin?.name ?? null,
      refundedAt: row.refund.createdAt.toISOString(),
    },
  };
}

/** One page of refundable and refunded orders, newest order first. */
export async function listRefunds(page: number): Promise<RefundsPageDto> {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.order.count({ where: refundWhere }),
    db.order.findMany({
      where: refundWhere,
      select: refundSelect,
      orderBy: [{ orderDate: "desc" }, { id: "desc" }],
      skip: (page - 1) * REFUNDS_PAGE_SIZE,
      take: REFUNDS_PAGE_SIZE,
    }),
  ]);
  return {
    data: rows.map(toRefundDto),
    metadata: pageMetadata(total, page, REFUNDS_PAGE_SIZE),
  };
}

/**
 * Marks a cancelled, paid order refunded with one conditional update, so a refund racing a status
 * change (or a second click) can neither refund a live order nor refund twice. With a method, the
 * record of how the money went back (issue 25) is written in the same transaction; with "credit"
 * the paid amount is credited to the account that paid (issue 17).
 */
export async function completeRefund(
  actor: SessionUser,
  orderId: number,
  how: RefundCompleteValues = { reference: null, note: null },
): Promise<RefundDto> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      // The same orders the list shows: a free order (nothing paid) is never refunded.
      where: {
        id: orderId,
        status: "cancelled",
        paymentStatus: "confirmed",
        discountedPrice: { gt: 0 },
      },
      data: { status: "refunded", version: { increment: 1 } },
    });
    const row = await tx.order.findUnique({
      where: { id: orderId },
      select: { ...refundSelect, paymentStatus: true },
    });
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (count === 0) {
      throw conflict(
        row.status === "cancelled" ? ONLY_PAID_REFUNDABLE : ONLY_CANCELLED_REFUNDABLE,
        {
          status: row.status,
        },
      );
    }
    const amount = row.discountedPrice.toFixed(2);
    if (how.method) {
      await tx.orderRefund.create({
        data: {
          orderId,
          method: how.method,
          reference: how.reference,
          note: how.note,
          adminId: actor.id,
        },
      });
      if (how.method === "credit") {
        await appendMovement(tx, {
          userId: row.userId,
          ngwee: toNgwee(amount),
          kind: "refund",
          orderId,
          adminId: actor.id,
          reason: how.note,
        });
      }
    }
    await audit(tx, actor, {
      action: "refund.complete",
      entity: "Order",
      entityId: orderId,
      before: { status: "cancelled" },
      after: { status: "refunded" },
      details: {
        amount,
        ...(how.method && { method: how.method, reference: how.reference, note: how.note }),
      },
    });
    const saved = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: refundSelect,
    });
    return toRefundDto(saved);
  });
}
