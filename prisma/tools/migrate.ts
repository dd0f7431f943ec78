// Migrations without Prisma's native engine binary (see lib/migrations/schema-engine.ts).
//   npm run db:migrate              apply pending migrations
//   npm run db:migration -- NAME    write a new migration from schema.prisma
// `apply` targets PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite folder
// PGLITE_DATA_DIR (default .data/pglite).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { applyPendingMigrations, createMigration } from "../../lib/migrations/schema-engine";

const USAGE = "Usage: tsx prisma/tools/migrate.ts apply | create NAME";

async function apply(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    console.log(`Applying migrations to PostgreSQL (${redact(databaseUrl)})`);
    report(await applyPendingMigrations(new PrismaPg({ connectionString: databaseUrl })));
    return;
  }

  const dataDir = process.env.PGLITE_DATA_DIR || ".data/pglite";
  // memory:// is PGlite's in-memory store: nothing to create on disk.
  if (!dataDir.startsWith("memory://")) await mkdir(dataDir, { recursive: true });
  console.log(`Applying migrations to PGlite (${dataDir})`);
  const db = new PGlite(dataDir);
  try {
    report(await applyPendingMigrations(new PrismaPGlite(db)));
  } finally {
    await db.close();
  }
}

async function create(name: string | undefined): Promise<void> {
  if (!name) throw new Error(`A migration name is required. ${USAGE}`);
  const migration = await createMigration(name);
  console.log(`Created ${path.relative(process.cwd(), migration.file)}`);
}

function report(applied: string[]): void {
  if (applied.length === 0) {
    console.log("No pending migrations: the database is up to date.");
    return;
  }
  console.log(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}:`);
  for (const name of applied) console.log(`  ${name}`);
}

// The URL may carry a password; the log line only needs to say which database.
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "unparsable DATABASE_URL";
  }
}

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case "apply":
      return apply();
    case "create":
      return create(rest[0]);
    default:
      throw new Error(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
