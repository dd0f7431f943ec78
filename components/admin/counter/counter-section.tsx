"use client";

import { Search } from "lucide-react";
import { useState } from "react";
import { Basket } from "@/components/admin/counter/basket";
import { ChildPanel } from "@/components/admin/counter/child-panel";
import {
  allergensIn,
  type BasketLine,
  type CounterItem,
  type CounterStudent,
  type SaleAnswer,
} from "@/components/admin/counter/counter-types";
import { ItemGrid } from "@/components/admin/counter/item-grid";
import { Receipt } from "@/components/admin/counter/receipt";
import {
  findByCard,
  mayHaveBeenCharged,
  useCollect,
  useCounterItems,
  useCounterStudents,
  useSell,
  useVoidSale,
} from "@/components/admin/counter/use-counter-queries";
import { useDebounced } from "@/components/admin/settings/user-picker";
import { CameraToggle } from "@/components/counter/camera-toggle";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/client/api";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";

// The Counter (issue 47): find the child (a card's code or part of a name), tap items, Sell. Three
// taps for a known child on a tablet; allergies in red before anything else; the sale's state on
// its button; a receipt once the server has taken it.

export function CounterSection() {
  const [text, setText] = useState("");
  const term = useDebounced(text, 250);
  const students = useCounterStudents(term);
  const items = useCounterItems();
  const [child, setChild] = useState<CounterStudent | null>(null);
  const [lines, setLines] = useState<BasketLine[]>([]);
  const [receipt, setReceipt] = useState<{
    lines: BasketLine[];
    sale: SaleAnswer;
    voided?: boolean;
  } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sell = useSell();
  const collect = useCollect();
  const voidSale = useVoidSale();
  const [scanned, setScanned] = useState<string | null>(null);

  // A scanned card serves its child at once; a code no child has (a card reissued since) says so.
  async function scan(code: string) {
    setScanned(null);
    try {
      const [found] = await findByCard(code);
      if (found) choose(found);
      else setScanned("No child has this card. It may have been replaced: search by name.");
    } catch (error) {
      setScanned(errorMessage(error, "Could not look up the card. Try again."));
    }
  }

  function choose(found: CounterStudent) {
    setScanned(null);
    setChild(found);
    setLines([]);
    setReceipt(null);
    setRefusal(null);
    setText("");
  }

  function nextChild() {
    setChild(null);
    setLines([]);
    setReceipt(null);
    setRefusal(null);
    sell.reset();
  }

  function change(itemId: number, delta: number) {
    setRefusal(null);
    setLines((current) =>
      current
        .map((line) =>
          line.item.id === itemId ? { ...line, quantity: line.quantity + delta } : line,
        )
        .filter((line) => line.quantity > 0),
    );
  }

  function add(item: CounterItem) {
    setReceipt(null);
    setRefusal(null);
    setLines((current) =>
      current.some((line) => line.item.id === item.id)
        ? current.map((line) =>
            line.item.id === item.id ? { ...line, quantity: line.quantity + 1 } : line,
          )
        : [...current, { item, quantity: 1 }],
    );
  }

  function send(allergyAcknowledged: boolean) {
    if (!child) return;
    const sold = lines;
    setRefusal(null);
    sell.mutate(
      {
        studentId: child.id,
        items: sold.map((line) => ({ menuItemId: line.item.id, quantity: line.quantity })),
        ...(allergyAcknowledged && { allergyAcknowledged: true }),
      },
      {
        onSuccess: (sale) => {
          setReceipt({ lines: sold, sale });
          setLines([]);
          setChild((current) => current && { ...current, available: sale.available });
        },
        onError: (error) => {
          if (!mayHaveBeenCharged(error)) {
            setRefusal(errorMessage(error, "The sale was refused. Nothing was charged."));
          }
        },
      },
    );
  }

  function voidReceipt() {
    if (!receipt) return;
    voidSale.mutate(receipt.sale.saleId, {
      onSuccess: () => {
        setReceipt((current) => current && { ...current, voided: true });
        toastSuccess("Sale voided", "The money went back to the family's wallet.");
        // What the child may spend grows back: read again on the next search.
        setChild(
          (current) =>
            current && {
              ...current,
              available: fromNgwee(toNgwee(current.available) + toNgwee(receipt.sale.total)),
            },
        );
      },
      onError: (error) => toastFailure("Could not void the sale", errorMessage(error, "")),
    });
  }

  function handOut(orderId: number) {
    collect.mutate(orderId, {
      onSuccess: () => {
        toastSuccess("Meal handed out");
        setChild((current) =>
          current?.todaysOrder
            ? { ...current, todaysOrder: { ...current.todaysOrder, collected: true } }
            : current,
        );
      },
      onError: (error) => toastFailure("Could not mark the meal", errorMessage(error, "")),
    });
  }

  const found = students.data ?? [];
  const allergens = child ? allergensIn(lines, child.allergies) : [];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="min-w-0 space-y-3">
        <label className="relative block">
          <span className="sr-only">Card code or child&apos;s name</span>
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Card code or child's name"
            className="h-12 pl-10 text-base"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <CameraToggle variant="secondary" onCode={(code) => void scan(code)} />
        {scanned && (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {scanned}
          </p>
        )}
        {text.trim().length >= 2 && (
          <ul aria-label="Children found" className="divide-y rounded-lg border">
            {found.length === 0 && !students.isFetching ? (
              <li className="p-3 text-sm text-muted-foreground">No child found.</li>
            ) : (
              found.map((student) => (
                <li key={student.id}>
                  <button
                    type="button"
                    className="flex min-h-12 w-full items-center justify-between gap-2 px-3 py-2 text-left hover:bg-accent"
                    onClick={() => choose(student)}
                  >
                    <span>
                      <span className="font-medium">{student.name}</span>{" "}
                      <span className="text-sm text-muted-foreground">
                        {student.grade}
                        {student.className ? ` · ${student.className}` : ""}
                      </span>
                      {student.allergies.length > 0 && (
                        <span className="block text-xs font-semibold text-red-700">
                          Allergies: {student.allergies.join(", ")}
                        </span>
                      )}
                    </span>
                    <span className="text-sm tabular-nums">{formatZmw(student.available)}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
        {child && (
          <ChildPanel
            child={child}
            collecting={collect.isPending}
            onCollect={handOut}
            onClear={nextChild}
          />
        )}
      </div>
      <div className="min-w-0 space-y-3">
        {receipt && child ? (
          <Receipt
            childName={child.name}
            lines={receipt.lines}
            sale={receipt.sale}
            onNext={nextChild}
            onVoid={voidReceipt}
            voiding={voidSale.isPending}
            voided={receipt.voided === true}
          />
        ) : null}
        <ItemGrid
          items={items.data ?? []}
          allergies={child?.allergies ?? []}
          disabled={!child || sell.isPending || sell.unanswered}
          onAdd={add}
        />
        {child && (
          <Basket
            lines={lines}
            available={toNgwee(child.available)}
            childName={child.name}
            onChange={change}
            allergens={allergens}
            sending={sell.isPending}
            unanswered={sell.unanswered}
            refusal={refusal}
            onSell={send}
            onAbandon={sell.abandon}
          />
        )}
      </div>
    </div>
  );
}
