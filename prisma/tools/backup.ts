// Backups of the embedded database, with the app stopped (a PGlite folder has one user at a time):
//   npm run db:backup                     → backups/canteen-<time>.sql
//   npm run db:backup -- FILE.sql         → FILE.sql
//   npm run db:restore -- FILE.sql        → into PGLITE_DATA_DIR (an existing folder is moved aside)
// With DATABASE_URL set these refuse: use pg_dump and psql (README, "Backups").
import { existsSync } from "node:fs";
import { backupEmbedded, restoreEmbedded } from "../../lib/system/backup";

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  if (process.env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with psql (see the README).",
    );
  }
  const dataDir = process.env.PGLITE_DATA_DIR || ".data/pglite";
  const [command, file] = process.argv.slice(2);
  if (command === "backup") {
    const target = file ?? `backups/canteen-${new Date().toISOString().replace(/[:.]/g, "-")}.sql`;
    const bytes = await backupEmbedded(dataDir, target);
    console.log(`Backed up ${dataDir} to ${target} (${Math.round(bytes / 1024)} kB)`);
  } else if (command === "restore") {
    if (!file) throw new Error("Usage: npm run db:restore -- FILE.sql");
    const { movedAside } = await restoreEmbedded(file, dataDir);
    if (movedAside) console.log(`The previous database folder was kept as ${movedAside}`);
    console.log(`Restored ${file} into ${dataDir}`);
  } else {
    throw new Error("Usage: tsx prisma/tools/backup.ts backup [FILE] | restore FILE");
  }
}

main().catch((error: unknown) => {
  console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
