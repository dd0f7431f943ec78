import { describe, expect, it } from "@jest/globals";
import { testDb } from "@/tests/support/school";

// lib/db.ts opens the embedded database with a smaller shared_buffers, which is most of PGlite's
// resident memory (its shared memory is zero-filled at start). PGlite drops a setting it cannot
// apply without a word, and a startParams list without its defaults does not start at all: read
// the settings back from the running database.
const embedded = !process.env.DATABASE_URL;

describe("the embedded database's memory settings", () => {
  (embedded ? it : it.skip)("runs with 32 MB of shared buffers", async () => {
    const db = await testDb();
    const rows = await db.$queryRaw<{ name: string; setting: string; source: string }[]>`
      SELECT name, current_setting(name) AS setting, source FROM pg_settings
      WHERE name IN ('shared_buffers', 'wal_buffers') ORDER BY name`;
    expect(rows).toEqual([
      { name: "shared_buffers", setting: "32MB", source: "command line" },
      { name: "wal_buffers", setting: "1MB", source: "default" },
    ]);
  });
});
