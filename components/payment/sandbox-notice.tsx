import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";

/** The amber banner of the sandbox's test pages: nothing here moves money. */
export function SandboxNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
