// The integration project's global setup and teardown (decision 0124). A test file's database
// used to be migrated and seeded by the file itself: about 6 s of CPU each on the embedded
// database (most of it PGlite's initdb), for some 130 files, twice in CI. Now one database is
// migrated and seeded once per run and every file's database starts as a copy of it: PGlite from
// its dumped data folder (PGLITE_TEMPLATE), PostgreSQL by CREATE DATABASE … TEMPLATE
// (TEST_DATABASE_TEMPLATE, read by server-setup.ts). Each file still calls getDb(), which finds
// nothing to migrate or seed, so a stale copy could not go unnoticed: it would be brought up to
// date. Not on a Citus cluster, whose databases are made on each node (citus-cluster.ts).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const onCitus = () => (process.env.CITUS_WORKERS ?? "").trim() !== "";
/** What this run's setup made, and only that is removed (the two functions share this module). */
let made = null;

export default async function setup() {
  if (onCitus()) return;
  const name = `canteen_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  const target = process.env.TEST_DATABASE_URL ? name : path.join(os.tmpdir(), `${name}.tar`);
  const built = spawnSync(
    path.join(root, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "tests/support/build-db-template.ts", target],
    // Generous for a slow machine (6-8 s here); a hung build must not hang the run silently.
    { cwd: root, stdio: "inherit", env: { ...process.env, LOG_LEVEL: "error" }, timeout: 300_000 },
  );
  if (built.status !== 0) {
    await rm(target, { force: true }).catch(() => {});
    throw new Error(`Building the test database template failed (${built.error ?? built.status})`);
  }
  made = process.env.TEST_DATABASE_URL ? { database: name } : { file: target };
  // Jest's workers start after this and inherit the environment.
  if (process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_TEMPLATE = name;
  else process.env.PGLITE_TEMPLATE = target;
}

export async function teardown() {
  if (made?.file) await rm(made.file, { force: true });
  if (made?.database) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${made.database}" WITH (FORCE)`);
    await admin.end();
  }
  made = null;
}
