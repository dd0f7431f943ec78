// Run by tests/support/db-template.mjs (the integration project's global setup, decision 0124)
// with tsx: migrates and seeds one database the way every test file's first getDb() would, with
// the same environment (server-env.ts), for each file's database to start from.
//   PostgreSQL (TEST_DATABASE_URL): the database named by the argument, created here.
//   Embedded: a PGlite data folder in a new temporary folder, dumped to the tar file named by the
//   argument.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import "./server-env";

const target = process.argv[2];
if (!target) throw new Error("usage: build-db-template.ts <database name | tar file>");
const env = process.env as Record<string, string | undefined>;

if (env.TEST_DATABASE_URL) {
  const url = new URL(env.TEST_DATABASE_URL);
  const admin = new pg.Client({ connectionString: env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${target}"`);
  try {
    url.pathname = `/${target}`;
    env.DATABASE_URL = url.toString();
    const { getDb, disconnectDb } = await import("@/lib/db");
    await getDb();
    await disconnectDb();
  } catch (error) {
    // Jest runs no global teardown when the setup fails: nothing may be left behind.
    await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
    throw error;
  } finally {
    await admin.end();
  }
} else {
  const folder = await mkdtemp(path.join(os.tmpdir(), "canteen-db-template-"));
  try {
    env.PGLITE_DATA_DIR = path.join(folder, "pglite");
    const { getDb, disconnectDb } = await import("@/lib/db");
    await getDb();
    await disconnectDb();
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create({ dataDir: env.PGLITE_DATA_DIR });
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
// Whatever a library left open (a timer, a pool), the template is made: the setup waits for this exit.
process.exit(0);
