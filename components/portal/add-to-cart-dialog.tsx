"use client";

import { AlertTriangle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ChoiceGroup } from "@/components/portal/choice-group";
import { PriceTag } from "@/components/portal/price-tag";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { SPECIAL_INSTRUCTIONS_MAX } from "@/lib/client/cart";
import { capitalize, formatDayDate, weekdayName } from "@/lib/client/format";
import type { MenuItemDto } from "@/lib/contracts";
import {
  allergyAcknowledgement,
  allergyConflicts,
  allergyRefusal,
} from "@/lib/contracts/allergies";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

export type AddTarget = { item: MenuItemDto; weekNumber: number; dayOfWeek: number; date: string };
export type MealChoice = {
  category: string;
  sideDish: string;
  comments: string;
  /** The child's allergens in the meal, acknowledged by the checkbox; empty without conflict. */
  acknowledgedAllergens: string[];
};

export const ACKNOWLEDGE_REQUIRED = "Please confirm that this meal is safe for your child";

// The add-to-cart dialog (spec 000 §5): a protein when the item has categories, a side when it
// has side dishes, and optional special instructions (at most 500 characters). A meal with one of
// the child's allergens is added only after the orderer ticks the acknowledgement (issue 18).
export function AddToCartDialog({
  target,
  studentName,
  studentAllergies = [],
  onClose,
  onConfirm,
}: {
  target: AddTarget | null;
  studentName: string;
  studentAllergies?: readonly string[];
  onClose: () => void;
  onConfirm: (choice: MealChoice) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {target && (
          <AddToCartForm
            key={`${target.item.id}:${target.weekNumber}:${target.dayOfWeek}`}
            target={target}
            studentName={studentName}
            studentAllergies={studentAllergies}
            onCancel={onClose}
            onConfirm={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddToCartForm({
  target,
  studentName,
  studentAllergies,
  onCancel,
  onConfirm,
}: {
  target: AddTarget;
  studentName: string;
  studentAllergies: readonly string[];
  onCancel: () => void;
  onConfirm: (choice: MealChoice) => void;
}) {
  const { item } = target;
  // A choice with a single option is made already (issue 24 §5): nothing to pick, one tap less.
  const only = (options: readonly string[]) => (options.length === 1 ? options[0]! : "");
  const [category, setCategory] = useState(() => only(item.categories));
  const [sideDish, setSideDish] = useState(() => only(item.sideDishes));
  const [comments, setComments] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const commentsId = useId();
  const countId = useId();
  const acknowledgeId = useId();
  const conflicts = allergyConflicts(item.allergens, studentAllergies);
  const acknowledgeError =
    submitted && conflicts.length > 0 && !acknowledged ? ACKNOWLEDGE_REQUIRED : undefined;

  const categoryError =
    submitted && item.categories.length > 0 && !category ? "Please choose a protein" : undefined;
  const sideError =
    submitted && item.sideDishes.length > 0 && !sideDish ? "Please choose a side dish" : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (item.categories.length > 0 && !category) return;
    if (item.sideDishes.length > 0 && !sideDish) return;
    if (conflicts.length > 0 && !acknowledged) return;
    onConfirm({ category, sideDish, comments, acknowledgedAllergens: conflicts });
  }

  return (
    <form
      method="post"
      action={NO_SCRIPT_ACTION}
      onSubmit={submit}
      className="grid gap-4"
      noValidate
    >
      <DialogHeader>
        <DialogTitle>{item.name}</DialogTitle>
        <DialogDescription>
          {weekdayName(target.dayOfWeek)} {formatDayDate(target.date)}, week {target.weekNumber},
          for {studentName}
        </DialogDescription>
      </DialogHeader>
      {item.description && <p className="text-sm">{item.description}</p>}
      {conflicts.length > 0 && (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive bg-destructive/10 p-3 text-sm"
        >
          <p className="flex items-start gap-1.5 font-medium">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            {allergyRefusal(item.name, conflicts, studentName)}
          </p>
          <Label htmlFor={acknowledgeId} className="items-start font-normal">
            <Checkbox
              id={acknowledgeId}
              checked={acknowledged}
              onCheckedChange={(checked) => setAcknowledged(checked === true)}
              aria-invalid={acknowledgeError ? true : undefined}
            />
            {allergyAcknowledgement(item.name, conflicts, studentName)}
          </Label>
          {acknowledgeError && <p className="font-medium text-destructive">{acknowledgeError}</p>}
        </div>
      )}
      <PriceTag price={item.price} discountPrice={item.discountPrice} />
      {item.categories.length > 0 && (
        <ChoiceGroup
          legend="Choose a protein"
          name="category"
          value={category}
          onChange={setCategory}
          error={categoryError}
          choices={item.categories.map((c) => ({
            value: c,
            label: capitalize(c),
            description: item.proteinDescriptions[c],
          }))}
        />
      )}
      {item.sideDishes.length > 0 && (
        <ChoiceGroup
          legend="Choose a side dish"
          name="sideDish"
          value={sideDish}
          onChange={setSideDish}
          error={sideError}
          choices={item.sideDishes.map((s) => ({ value: s, label: s }))}
        />
      )}
      <div className="grid gap-2">
        <Label htmlFor={commentsId}>Special Instructions (optional)</Label>
        <Textarea
          id={commentsId}
          value={comments}
          maxLength={SPECIAL_INSTRUCTIONS_MAX}
          onChange={(e) => setComments(e.target.value.slice(0, SPECIAL_INSTRUCTIONS_MAX))}
          aria-describedby={countId}
          // Not "Allergies": those are the child's record, checked at every order (issue 44).
          placeholder="e.g. no onions, small portion"
        />
        <p id={countId} className="text-right text-xs text-muted-foreground">
          {comments.length}/{SPECIAL_INSTRUCTIONS_MAX}
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Add to Cart</Button>
      </DialogFooter>
    </form>
  );
}
