// Backups of the embedded database (issue 7): a plain SQL dump made by PGlite's own pg_dump (a
// WASM build, nothing downloaded), restored into a new, empty data folder. A PGlite folder may be
// opened by one process only, so both run with the app stopped. PostgreSQL deployments use the
// server's pg_dump and psql instead (README, "Backups").
import { existsSync, readdirSync, renameSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

/** Dumps the PGlite folder `dataDir` to the SQL file `file`; answers the number of bytes written. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) {
    throw new Error(`No embedded database in ${dataDir}`);
  }
  const pg = await PGlite.create(path.resolve(dataDir));
  try {
    const dump = await pgDump({ pg, args: ["--no-owner", "--no-privileges"] });
    const text = await dump.text();
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text, { mode: 0o600 });
    return Buffer.byteLength(text);
  } finally {
    await pg.close();
  }
}

/**
 * Restores the SQL dump `file` into `dataDir`. An existing, non-empty folder is kept: it is moved
 * aside to `<dataDir>.before-restore-<time>` (answered as `movedAside`) so a restore never destroys
 * the only copy of anything.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
): Promise<{ movedAside: string | null }> {
  const sql = await readFile(file, "utf8");
  if (!sql.includes("PostgreSQL database dump")) {
    throw new Error(`${file} is not a SQL dump made by db:backup`);
  }
  let movedAside: string | null = null;
  const target = path.resolve(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, movedAside);
  }
  await mkdir(target, { recursive: true });
  const pg = await PGlite.create(target);
  try {
    await pg.exec(sql);
    // pg_dump empties the search path for its own statements; the app's tables live in public.
    await pg.exec("SET search_path TO public");
  } finally {
    await pg.close();
  }
  return { movedAside };
}
