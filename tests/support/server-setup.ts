// With TEST_DATABASE_URL, create this test file's PostgreSQL database first and drop it last.
import { afterAll, beforeAll } from "@jest/globals";
import pg from "pg";

const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const dbName = () => new URL(process.env.DATABASE_URL ?? "").pathname.slice(1);

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${dbName()}"`);
    await client.end();
  }
  // Migrate and seed now, so no single test pays for it.
  const { getDb } = await import("@/lib/db");
  await getDb();
}, 60_000);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  if (process.env.TEST_DATABASE_URL) {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${dbName()}" WITH (FORCE)`);
    await client.end();
  }
});
