import { useId } from "react";
import { cn } from "@/lib/utils";

export type Choice = { value: string; label: string; description?: string | undefined };

// A required single choice as native radio buttons (light, keyboard-native): arrow keys move,
// every option is a 40 px+ target, and the error is tied to the group.
export function ChoiceGroup({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            "flex min-h-10 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm",
            "has-checked:border-primary has-checked:bg-primary/5",
            "has-focus-visible:ring-2 has-focus-visible:ring-ring",
            error && "border-destructive",
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{choice.label}</span>
            {choice.description && (
              <span className="text-muted-foreground">{choice.description}</span>
            )}
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
