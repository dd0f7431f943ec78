"use client";

import { buttonVariants } from "@/components/ui/button-variants";

// Shown when a page cannot be rendered (for example while the database is unreachable, or when a
// part of the page fetched on first use could not be downloaded). "Try again" loads the page
// afresh: the server renders it again and failed code downloads are retried, which re-rendering
// in place would not do. The cart lives in the browser's storage, so nothing is lost.
export default function ErrorPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        The portal could not load this page just now. Please check your connection and try again in
        a moment.
      </p>
      {/* The kit's look without its Button (see components/ui/button-variants.ts). */}
      <button
        type="button"
        data-slot="button"
        data-variant="default"
        data-size="default"
        className={buttonVariants()}
        onClick={() => window.location.reload()}
      >
        Try again
      </button>
    </main>
  );
}
