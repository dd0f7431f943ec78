"use client";

import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { CameraToggle } from "@/components/counter/camera-toggle";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { CARD_CODE_LENGTH, isCardCode, normalizeCardCode } from "@/lib/contracts/cards";

// The counter's card scanner (issue 47): the card's code typed, always there, and the device's
// camera on demand (CameraToggle, fetched only when started). `onCode` receives a well-formed card code (upper case, no spaces), however it was read.

export const CODE_REQUIRED = "Enter the card's code";
export const CODE_INVALID = `A card's code is ${CARD_CODE_LENGTH} letters and digits, as printed under its QR code`;

export function CardScanner({
  onCode,
  startWithCamera = false,
}: {
  onCode: (code: string) => void;
  /** Open the camera at once (a phone at the counter); otherwise on the button. */
  startWithCamera?: boolean;
}) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = normalizeCardCode(typed);
    if (!code) return setError(CODE_REQUIRED);
    if (!isCardCode(code)) return setError(CODE_INVALID);
    setError(null);
    setTyped("");
    onCode(code);
  }

  return (
    <div className="grid gap-3">
      <CameraToggle onCode={onCode} startOn={startWithCamera} />
      <form
        method="post"
        action={NO_SCRIPT_ACTION}
        onSubmit={submit}
        noValidate
        className="grid gap-1.5"
        aria-label="Type a card's code"
      >
        <Label htmlFor={inputId}>Card code</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            name="cardCode"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (error) setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD EFGH JKMN"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="min-w-0 flex-1 font-mono uppercase"
          />
          <Button type="submit">
            <Search aria-hidden /> Find
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
