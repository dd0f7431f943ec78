// `npm run db:seed`: creates the platform's operator, and superadmin, the default settings and (in
// development or with SEED_DEMO=1) the demo data at the default school (issue 45). Idempotent:
// running it again changes nothing.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { disconnectDb, getDb, schoolDb } = await import("@/lib/db");
const { seed } = await import("@/lib/seed");
const { seedOperator } = await import("@/lib/seed-operator");
const { DEFAULT_SCHOOL_ID } = await import("@/lib/contracts/schools");

type SeedClient = Parameters<typeof seed>[0];

try {
  await seedOperator((await getDb()) as unknown as SeedClient);
  // The default school's scoped client: every row written carries school 1.
  await seed((await schoolDb(DEFAULT_SCHOOL_ID)) as unknown as SeedClient);
  console.info("[seed] done");
} catch (error) {
  console.error("[seed] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
