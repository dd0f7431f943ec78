// The spec's paging metadata (spec 001 §3 "Paged responses"), shared by every paged answer.

export type PageMetadata = {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
};

export function pageMetadata(total: number, page: number, pageSize: number): PageMetadata {
  const totalPages = Math.ceil(total / pageSize);
  return {
    total,
    page,
    pageSize,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
