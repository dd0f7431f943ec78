"use client";

import { useRef, useState } from "react";
import { Basket, ItemButtons, type BasketLine } from "@/components/admin/counter/counter-basket";
import { ChildResult, ChosenChild } from "@/components/admin/counter/counter-child";
import { Receipt, type Sold } from "@/components/admin/counter/counter-receipt";
import {
  isUncertain,
  useCounterItems,
  useCounterSearch,
  useSell,
} from "@/components/admin/counter/use-counter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, errorMessage } from "@/lib/client/api";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { allergenList } from "@/lib/contracts/allergies";
import type { CounterStudentDto } from "@/lib/contracts/counter";
import { SECTION_TITLES } from "@/lib/contracts/permissions";

// Counter (issue 47): find a child by name or card code, tap items, Sell. Allergies in red before
// anything else; Sell shows the sale being sent; a sale whose answer was lost is retried with the
// same till key (never charged twice); a refusal is shown as the server words it; an allergen asks
// the cashier to confirm with the child first; a clear receipt, with Void, ends each sale.

/** The allergens a 409 names, when it is the allergy refusal. */
function allergyConflictOf(error: unknown): string[] | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const conflict = error.body?.allergyConflict as { allergens?: unknown } | undefined;
  return Array.isArray(conflict?.allergens) ? conflict.allergens.map(String) : null;
}

export function CounterSection() {
  const [term, setTerm] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [child, setChild] = useState<CounterStudentDto | null>(null);
  const [basket, setBasket] = useState<BasketLine[]>([]);
  const [receipt, setReceipt] = useState<Sold | null>(null);
  // The allergy dialog's Sell anyway also closes it: that close must not drop the sale.
  const confirming = useRef(false);
  const items = useCounterItems();
  const search = useCounterSearch(submitted);
  const { sale, sell, reset, retrying } = useSell();
  // One child found (a scanned or typed card code, or a unique name) is chosen at once, until
  // the cashier asks for another child.
  const [autoPick, setAutoPick] = useState(false);
  const single = autoPick && search.data?.length === 1 ? (search.data[0] ?? null) : null;
  const current = child ?? single;
  const sending = sale.isPending;
  const locked = sending || retrying;

  const newSale = (next: CounterStudentDto | null) => {
    setChild(next);
    setAutoPick(false);
    setBasket([]);
    setReceipt(null);
    reset();
  };
  const changeBasket = (update: (lines: BasketLine[]) => BasketLine[]) => {
    setBasket(update);
    setReceipt(null);
    reset();
  };
  const send = (allergyAcknowledged: boolean) => {
    const child = current;
    if (!child) return;
    const lines = basket;
    sell(
      {
        studentId: child.id,
        items: lines.map((line) => ({ menuItemId: line.item.id, quantity: line.quantity })),
        allergyAcknowledged,
      },
      (answer) => {
        setReceipt({ ...answer, childName: child.name, lines });
        setChild({ ...child, available: answer.available });
        setBasket([]);
      },
    );
  };
  const conflict = allergyConflictOf(sale.error);
  const refusal =
    sale.isError && !conflict
      ? isUncertain(sale.error)
        ? "The connection dropped before the answer came. Retry: the sale is never charged twice."
        : errorMessage(sale.error, "The sale was refused. Nothing was charged.")
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{SECTION_TITLES.counter}</CardTitle>
        <CardDescription>Find a child by name or card code, tap items, Sell.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-3">
          <form
            method="post"
            action={NO_SCRIPT_ACTION}
            role="search"
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setSubmitted(term);
              newSale(null);
              setAutoPick(true);
            }}
          >
            <Input
              aria-label="Name or card code"
              placeholder="Name or card code"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              autoComplete="off"
              enterKeyHint="search"
              className="h-11 text-base"
            />
            <Button type="submit" className="min-h-11" disabled={locked}>
              Find
            </Button>
          </form>
          {search.isFetching && <Spinner label="Searching" />}
          {search.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(search.error, "Search failed. Try again.")}
            </p>
          )}
          {!current && search.data && (
            <ul aria-label="Children found" className="grid gap-2">
              {search.data.length === 0 && (
                <li className="text-sm text-muted-foreground">No child found.</li>
              )}
              {search.data.map((found) => (
                <ChildResult key={found.id} child={found} onChoose={newSale} />
              ))}
            </ul>
          )}
          {current && (
            <>
              <ChosenChild child={current} />
              <Button variant="outline" disabled={locked} onClick={() => newSale(null)}>
                Another child
              </Button>
            </>
          )}
        </div>
        <div className="grid content-start gap-3">
          {receipt && <Receipt sold={receipt} onVoided={() => newSale(null)} />}
          {current && !current.blocked && (
            <>
              <ItemButtons
                items={items.data ?? []}
                allergies={current.allergies}
                disabled={locked}
                onAdd={(item) =>
                  changeBasket((lines) =>
                    lines.some((l) => l.item.id === item.id)
                      ? lines.map((l) =>
                          l.item.id === item.id ? { ...l, quantity: l.quantity + 1 } : l,
                        )
                      : [...lines, { item, quantity: 1 }],
                  )
                }
              />
              <Basket
                lines={basket}
                locked={locked}
                sending={sending}
                canSell={!retrying}
                onChange={(itemId, quantity) =>
                  changeBasket((lines) =>
                    quantity <= 0
                      ? lines.filter((l) => l.item.id !== itemId)
                      : lines.map((l) => (l.item.id === itemId ? { ...l, quantity } : l)),
                  )
                }
                onSell={() => send(false)}
              />
            </>
          )}
          {refusal && (
            <div role="alert" className="grid gap-2 rounded-md border border-destructive p-3">
              <p className="font-medium text-destructive">{refusal}</p>
              {retrying && (
                <div className="flex flex-wrap gap-2">
                  <Button className="min-h-11" onClick={() => send(false)}>
                    Retry sale
                  </Button>
                  <Button variant="outline" className="min-h-11" onClick={() => reset()}>
                    Change the basket
                  </Button>
                </div>
              )}
            </div>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={conflict !== null && !sending}
        onOpenChange={(open) => {
          if (!open && !confirming.current) reset();
          confirming.current = false;
        }}
        title="Allergy warning"
        description={`${current?.name ?? "This child"} is allergic to ${allergenList(conflict ?? [])}. Check with the child before selling.`}
        actionLabel="Sell anyway"
        destructive
        onConfirm={() => {
          confirming.current = true;
          send(true);
        }}
      />
    </Card>
  );
}
