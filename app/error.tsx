"use client";

import { Button } from "@/components/ui/button";

// Shown when a page cannot be rendered (for example while the database is unreachable).
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        The portal could not load this page just now. Please check your connection and try again in
        a moment.
      </p>
      <Button onClick={reset}>Try again</Button>
    </main>
  );
}
