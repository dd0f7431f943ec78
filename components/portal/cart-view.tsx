"use client";

import { AlertTriangle, ShoppingCart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { notify, toastFailure } from "@/components/notifications/toast";
import { CartLine, type LineProblem } from "@/components/portal/cart-line";
import { ALTERNATIVE_LABEL, BANK_ONLY_LABEL, CartSummary } from "@/components/portal/cart-summary";
import { LazyMobileMoneyDialog } from "@/components/portal/mobile-money/lazy-mobile-money-dialog";
import { EmptyBlock } from "@/components/portal/load-state";
import { useCart } from "@/components/portal/use-cart";
import { RepeatNote } from "@/components/portal/repeat-note";
import { useCartValidation } from "@/components/portal/use-cart-validation";
import { useEveryWeek } from "@/components/portal/use-every-week";
import { useNow } from "@/components/portal/use-now";
import { usePlaceOrder, type CheckoutHandler } from "@/components/portal/use-place-order";
import {
  useActiveCycle,
  useBankTransfer,
  useCutoffTime,
  useMobileMoney,
  useMyDiscountCode,
  usePaymentBypass,
} from "@/components/portal/use-portal-queries";
import { Button } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/session";
import { removeCartDay } from "@/lib/client/cart";
import { cartTotals, groupCartByStudent, unavailableReason } from "@/lib/client/cart-checkout";
import { readCart, writeCart } from "@/lib/client/cart-store";
import type { CartItem, OrderRequestItem } from "@/lib/contracts";
import { dayClosure } from "@/lib/school-calendar";

const lineKey = (i: Pick<CartItem, "studentId" | "weekNumber" | "dayOfWeek">) =>
  `${i.studentId}:${i.weekNumber}:${i.dayOfWeek}`;

// The cart (spec 000 §2-§5): lines grouped by student and day, re-validated against the server,
// totals with the discount code, Place Order (card) and, when the school has it on, Pay with
// Mobile Money. Shared by the parent and teacher screens.
export function CartView({
  user,
  timeZone,
  onCheckout,
  onOrdered,
  onBrowse,
}: {
  user: SessionUser;
  timeZone: string;
  onCheckout: CheckoutHandler;
  /** After a free order went through (the caller shows Order History). */
  onOrdered: () => void;
  onBrowse: () => void;
}) {
  const items = useCart();
  const code = useMyDiscountCode();
  const cycle = useActiveCycle();
  const cutoff = useCutoffTime();
  const check = useCartValidation(items).data;
  const now = useNow(60_000);
  const everyWeek = useEveryWeek(timeZone);
  const { placeOrder, placeAlternativeOrder, prepareMobile, placing, creditFor } = usePlaceOrder({
    user,
    onCheckout,
    onOrdered,
  });
  const bypassEnabled = usePaymentBypassNotice();
  const mobileMoney = useMobileMoney().data;
  const [mobileCart, setMobileCart] = useState<{
    lines: OrderRequestItem[];
    totalNgwee: number;
  } | null>(null);

  const codePercent = code.data?.discountPercentage ?? 0;
  const problems = new Map<string, LineProblem>();
  // Issue 44 §8: the server names each line whose day the school closed, with its reason.
  const closedText = new Map((check?.closedLines ?? []).map((l) => [lineKey(l), l.message]));
  for (const item of items) {
    const reason = unavailableReason(check?.validation, item.menuItemId);
    const allergy = check?.allergyConflict;
    const closed =
      cycle.data === null ||
      (cycle.data &&
        cutoff.data &&
        dayClosure(cycle.data, item.weekNumber, item.dayOfWeek, cutoff.data, timeZone, now) !==
          null);
    if (reason) problems.set(lineKey(item), reason);
    else if (allergy?.menuItemId === item.menuItemId && allergy.studentId === item.studentId) {
      problems.set(lineKey(item), "allergy");
    } else if (closed || closedText.has(lineKey(item))) problems.set(lineKey(item), "closed");
  }
  const problemKey = [...problems.keys()].join(",");
  useUnavailableNotice(problemKey);

  if (items.length === 0) {
    return (
      <div className="grid gap-4">
        <h2 className="text-xl font-semibold">Your Cart</h2>
        <EmptyBlock>
          <ShoppingCart aria-hidden className="mx-auto mb-2 size-8" />
          <p className="mb-4">Your cart is empty.</p>
          <Button onClick={onBrowse}>Browse the Menu</Button>
        </EmptyBlock>
      </div>
    );
  }

  const totals = cartTotals(items, codePercent);
  const { credit, due } = creditFor(totals.total);

  function removeUnavailable() {
    writeCart(readCart().filter((i) => !problems.has(lineKey(i))));
  }

  return (
    <div className="@container grid gap-4">
      <h2 className="text-xl font-semibold">Your Cart</h2>
      <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-4">
          {problems.size > 0 && (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-xl border border-destructive bg-destructive/10 p-4 text-sm"
            >
              <p className="flex items-center gap-2 font-medium">
                <AlertTriangle aria-hidden className="size-4 shrink-0 text-destructive" />
                Some items in your cart are no longer available
              </p>
              {closedText.size > 0 && (
                <p>Days that no longer take orders are marked: remove them to pay for the rest.</p>
              )}
              <Button variant="destructive" onClick={removeUnavailable}>
                Remove Unavailable Items
              </Button>
            </div>
          )}
          {everyWeek.outcome && (
            <RepeatNote
              outcome={everyWeek.outcome}
              startDate={cycle.data?.startDate}
              onClose={everyWeek.dismiss}
            />
          )}
          {groupCartByStudent(items).map((group) => (
            <section key={group.studentId} aria-label={`Meals for ${group.studentName}`}>
              <h3 className="mb-2 font-semibold">{group.studentName}</h3>
              <ul className="grid gap-3">
                {group.items.map((item) => (
                  <CartLine
                    key={lineKey(item)}
                    item={item}
                    codePercent={codePercent}
                    startDate={cycle.data?.startDate}
                    problem={problems.get(lineKey(item)) ?? null}
                    problemText={
                      problems.get(lineKey(item)) === "closed"
                        ? closedText.get(lineKey(item))
                        : undefined
                    }
                    onEveryWeek={
                      everyWeek.copy && item.weekNumber < (cycle.data?.cycleLength ?? 0)
                        ? () => everyWeek.copy?.(item)
                        : undefined
                    }
                    onRemove={() =>
                      writeCart(
                        removeCartDay(readCart(), item.studentId, item.weekNumber, item.dayOfWeek),
                      )
                    }
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <CartSummary
          totals={totals}
          credit={credit}
          due={due}
          code={code.data ?? null}
          blocked={problems.size > 0}
          placing={placing}
          onPlaceOrder={() => void placeOrder(items, codePercent)}
          onPayMobile={
            mobileMoney?.enabled && due > 0
              ? () => setMobileCart(prepareMobile(items, codePercent))
              : undefined
          }
          onPayAlternative={
            // Issue 44: only when something is left to pay once the credit is spent.
            bypassEnabled && due > 0
              ? () => void placeAlternativeOrder(items, codePercent)
              : undefined
          }
          alternativeLabel={mobileMoney?.enabled ? BANK_ONLY_LABEL : ALTERNATIVE_LABEL}
        />
      </div>
      {mobileCart && mobileMoney && (
        <LazyMobileMoneyDialog
          open
          onOpenChange={(open) => !open && setMobileCart(null)}
          settings={mobileMoney}
          phone={user.phone}
          pays={{ lines: mobileCart.lines }}
          totalNgwee={mobileCart.totalNgwee}
          onPaid={onOrdered}
        />
      )}
    </div>
  );
}

/** Spec 000 §8: unavailable items show a toast (once per new set) besides the red cards. */
function useUnavailableNotice(problemKey: string) {
  const shown = useRef("");
  useEffect(() => {
    if (!problemKey || problemKey === shown.current) return;
    shown.current = problemKey;
    toastFailure("Unavailable Items", "Some items in your cart are no longer available");
  }, [problemKey]);
}

/** Remembered for the browser tab's session: the notice is said once, not on every Cart. */
export const BYPASS_NOTICE_KEY = "paymentBypassNoticeShown";

/**
 * Spec 000 §8: when enabled, say so, in the spec's words; once per session of the tab (issue 44:
 * not each time the Cart opens). Answers whether it is enabled. Issue 44: only where the school
 * takes orders paid later by transfer (Settings › Payment Settings); otherwise the Cart offers no
 * alternative and says nothing of one.
 */
function usePaymentBypassNotice(): boolean {
  const bypass = usePaymentBypass();
  const transfer = useBankTransfer();
  const enabled = bypass.data?.enabled === true && transfer.data?.enabled === true;
  useEffect(() => {
    if (!enabled || noticeShown()) return;
    notify({
      title: "Payment Bypass",
      description:
        "Alternative payment methods are available. Please check your email for instructions.",
    });
  }, [enabled]);
  return enabled;
}

/** Whether the notice was said in this session, marking it said; storage refused: say it. */
function noticeShown(): boolean {
  try {
    if (window.sessionStorage.getItem(BYPASS_NOTICE_KEY) === "1") return true;
    window.sessionStorage.setItem(BYPASS_NOTICE_KEY, "1");
  } catch {
    // Private mode or storage off: the notice shows, as before.
  }
  return false;
}
