// `npm run db:seed`: creates superadmin, the default settings and (in development or with
// SEED_DEMO=1) the demo data. Idempotent: running it again changes nothing.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { disconnectDb, getDb } = await import("@/lib/db");
const { seed } = await import("@/lib/seed");

try {
  await seed(await getDb());
  console.info("[seed] done");
} catch (error) {
  console.error("[seed] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
