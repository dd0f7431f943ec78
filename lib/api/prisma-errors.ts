// Prisma's error codes, read without importing the generated client (also used in pages).

function codeOf(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = error.code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  if (code === "P2002") return true;
  // A raw statement ($queryRaw) that broke a unique index: P2010 with PostgreSQL's own code.
  return code === "P2010" && driverErrorCode(error) === "23505";
}

/** The database's SQLSTATE behind a failed raw query, as the driver adapter reports it. */
function driverErrorCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } })
    .meta;
  const original = meta?.driverAdapterError?.cause?.originalCode;
  return typeof original === "string" ? original : undefined;
}

/** The database could not be reached (refused, timed out, dropped), as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (
    code &&
    ["P1001", "P1002", "P1008", "P1017", "P2024", "ECONNREFUSED", "ETIMEDOUT"].includes(code)
  ) {
    return true;
  }
  const message = error instanceof Error ? error.message : "";
  return /ECONNREFUSED|ECONNRESET|Connection terminated|Can't reach database|connect ETIMEDOUT|DatabaseNotReachable/i.test(
    message,
  );
}
