"use client";

import { Button } from "@/components/ui/button";
import type { PageMetadata } from "@/lib/contracts/paging";

/** Previous / 'Page X of Y' / Next, as every paged list of the console shows it (spec 001 §2). */
export function Pager({
  page,
  totalPages,
  hasPreviousPage,
  hasNextPage,
  onPageChange,
  size,
}: {
  page: number;
  totalPages: number;
  hasPreviousPage: boolean | undefined;
  hasNextPage: boolean | undefined;
  onPageChange: (page: number) => void;
  size?: "sm";
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Button
        variant="outline"
        size={size}
        disabled={!hasPreviousPage || page <= 1}
        onClick={() => onPageChange(Math.max(1, page - 1))}
      >
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {Math.max(1, totalPages)}
      </span>
      <Button
        variant="outline"
        size={size}
        disabled={!hasNextPage}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </div>
  );
}

/** The Pager of a list answering the spec's paging metadata (undefined while it loads). */
export function MetadataPager({
  page,
  metadata,
  onPageChange,
}: {
  page: number;
  metadata: PageMetadata | undefined;
  onPageChange: (page: number) => void;
}) {
  return (
    <Pager
      page={page}
      totalPages={Math.max(metadata?.totalPages ?? 1, 1)}
      hasPreviousPage={metadata?.hasPreviousPage}
      hasNextPage={metadata?.hasNextPage}
      onPageChange={onPageChange}
    />
  );
}
