// Runs before every server test file. Each file gets its own database: a fresh in-memory PGlite,
// or, when TEST_DATABASE_URL names a PostgreSQL server (CI), a fresh database on that server that
// tests/support/server-setup.ts creates before the file's tests and drops after them.
import { randomBytes } from "node:crypto";

const env = process.env as Record<string, string | undefined>;
env.NODE_ENV = "test";
env.SESSION_SECRET ??= "test-secret-that-is-at-least-32-characters-long";
env.APP_URL = "http://localhost:3000";
env.SCHOOL_TIMEZONE ??= "Africa/Lusaka";
env.SEED_DEMO = "0";
env.DB_AUTO_SETUP = "1";
env.SEED_SUPERADMIN_PASSWORD = "superadmin-test-password";
env.SEED_PLATFORM_PASSWORD = "platform-test-password";
delete env.SMTP_URL;

if (env.TEST_DATABASE_URL) {
  const url = new URL(env.TEST_DATABASE_URL);
  const host = url.hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database (${host}).`);
  }
  url.pathname = `/canteen_test_${randomBytes(6).toString("hex")}`;
  env.DATABASE_URL = url.toString();
  delete env.PGLITE_DATA_DIR;
} else {
  delete env.DATABASE_URL;
  env.PGLITE_DATA_DIR = "memory://";
}
