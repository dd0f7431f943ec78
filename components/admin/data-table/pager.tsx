"use client";

import { useEffect } from "react";
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

/**
 * "Showing parents 21 to 40 of 57" beside the Pager, under a list answering the paging metadata;
 * nothing while it loads or when the list is empty.
 */
export function CountedPager({
  metadata,
  noun,
  onPageChange,
}: {
  metadata: PageMetadata | undefined;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  // The page emptied under the office (the rows moved on, e.g. claimed or deleted): back to the
  // last page that has rows, instead of "Showing 51 to 50 of 50" and an empty table.
  const beyond =
    metadata !== undefined && metadata.totalPages >= 1 && metadata.page > metadata.totalPages;
  const last = metadata?.totalPages ?? 1;
  useEffect(() => {
    if (beyond) onPageChange(last);
  }, [beyond, last, onPageChange]);
  if (!metadata || metadata.total === 0 || beyond) return null;
  const from = (metadata.page - 1) * metadata.pageSize + 1;
  const to = Math.min(metadata.page * metadata.pageSize, metadata.total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-muted-foreground">
        Showing {noun} {from} to {to} of {metadata.total}
      </span>
      <Pager
        page={metadata.page}
        totalPages={metadata.totalPages}
        hasPreviousPage={metadata.hasPreviousPage}
        hasNextPage={metadata.hasNextPage}
        onPageChange={onPageChange}
        size="sm"
      />
    </div>
  );
}
