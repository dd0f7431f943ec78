// The throwaway databases a benchmark runs against (npm run bench, npm run bench:capacity): a
// PGlite folder, or a database on a PostgreSQL server, removed afterwards, also when the run is
// interrupted (proc.ts's cleanups).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { cleanups } from "./proc";

/** `run` with a new folder under the system's temporary folder, removed afterwards. */
export async function withTempFolder<T>(
  prefix: string,
  run: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await run(folder);
  } finally {
    cleanups.delete(remove);
    remove();
  }
}

/** A connection to the server of `serverUrl`, and the server's version; throws if unreachable. */
export async function connectAdmin(
  serverUrl: string,
): Promise<{ admin: pg.Client; version: string }> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    const { rows } = await admin.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    return { admin, version: rows[0]!.v };
  } catch (error) {
    await admin.end().catch(() => {});
    throw error;
  }
}

/**
 * `run` with a new database `name` on the admin's server (its address: `serverUrl` with the
 * database's name), dropped afterwards; the admin connection is then closed.
 */
export async function withDatabase<T>(
  admin: pg.Client,
  serverUrl: string,
  name: string,
  run: (url: URL) => Promise<T>,
): Promise<T> {
  const drop = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`).catch((error: unknown) => {
      console.error(`could not drop database ${name}:`, error);
    });
  };
  cleanups.add(drop);
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url);
  } finally {
    cleanups.delete(drop);
    await drop();
    await admin.end().catch(() => {});
  }
}
