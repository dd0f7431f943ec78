// With TEST_DATABASE_URL, create this test file's PostgreSQL database first and drop it last (on a
// Citus cluster with CITUS_WORKERS: tests/support/citus-cluster.ts). Off Citus, the database, of
// either kind, starts from the run's template (decision 0124, db-template.mjs).
import { afterAll, beforeAll } from "@jest/globals";
import pg from "pg";
import {
  citusWorkers,
  distributeForTests,
  dropCitusDatabase,
  prepareCitusDatabase,
} from "@/tests/support/citus-cluster";

const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const dbName = () => new URL(process.env.DATABASE_URL ?? "").pathname.slice(1);

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const client = admin();
    await client.connect();
    // A copy of the run's migrated and seeded template when there is one (db-template.mjs).
    const template = process.env.TEST_DATABASE_TEMPLATE;
    await client.query(`CREATE DATABASE "${dbName()}"${template ? ` TEMPLATE "${template}"` : ""}`);
    await client.end();
    if (citusWorkers().length > 0)
      await prepareCitusDatabase(process.env.TEST_DATABASE_URL, dbName());
  }
  // Migrate and seed now, so no single test pays for it.
  const { getDb, disconnectDb } = await import("@/lib/db");
  await getDb();
  if (process.env.TEST_DATABASE_URL && citusWorkers().length > 0) {
    await distributeForTests(process.env.DATABASE_URL ?? "", dbName());
    // New connections, with the database's new settings.
    await disconnectDb();
    await getDb();
  }
}, 180_000);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  if (process.env.TEST_DATABASE_URL) {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${dbName()}" WITH (FORCE)`);
    await client.end();
    await dropCitusDatabase(process.env.TEST_DATABASE_URL, dbName());
  }
});
