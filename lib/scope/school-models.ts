// Which Prisma models belong to a school (issue 45, decision 0073): every model but the platform's.
// The second guard (lib/scope/guard.ts) and the scoped client (lib/db.ts) read this list;
// tests/integration/school-catalog.test.ts holds it against the database catalog.
import { Prisma } from "@/lib/generated/prisma/client";

/** Tables of the platform itself: no `schoolId`, never pointing at a school table. */
export const PLATFORM_MODELS = [
  "School",
  "SchoolHost",
  "Operator",
  "OperatorSession",
  "PlatformAudit",
] as const;

/** The platform's tables as the catalog names them (Prisma's model names are the table names). */
export const PLATFORM_TABLES: readonly string[] = PLATFORM_MODELS;

const platform = new Set<string>(PLATFORM_MODELS);

/** Every model whose rows belong to one school. */
export const SCHOOL_MODELS: ReadonlySet<string> = new Set(
  Object.values(Prisma.ModelName).filter((name) => !platform.has(name)),
);
