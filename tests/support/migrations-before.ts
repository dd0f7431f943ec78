// A database as an install had it before a given migration: every migration before the first one
// whose folder name matches `first`, applied to a new in-memory PGlite. The test writes its rows,
// then applies the rest with applyPendingMigrations(new PrismaPGlite(db)).
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyPendingMigrations, readMigrationList } from "@/lib/migrations/schema-engine";

export type EarlierDatabase = {
  db: PGlite;
  /** The folder names of the migrations still to apply, in order. */
  later: string[];
  close: () => Promise<void>;
};

export async function databaseBefore(first: RegExp): Promise<EarlierDatabase> {
  const { baseDir, migrationDirectories } = await readMigrationList();
  const cut = migrationDirectories.findIndex((dir) => first.test(dir.path));
  if (cut <= 0) throw new Error(`No migration before one matching ${first}`);
  const later = migrationDirectories.slice(cut).map((dir) => dir.path);
  const earlier = await mkdtemp(path.join(os.tmpdir(), "migrations-before-"));
  for (const entry of await readdir(baseDir, { withFileTypes: true })) {
    if (later.includes(entry.name)) continue;
    await cp(path.join(baseDir, entry.name), path.join(earlier, entry.name), { recursive: true });
  }
  const db = new PGlite();
  await applyPendingMigrations(new PrismaPGlite(db), { migrationsDir: earlier });
  return {
    db,
    later,
    close: async () => {
      await db.close();
      await rm(earlier, { recursive: true, force: true });
    },
  };
}
