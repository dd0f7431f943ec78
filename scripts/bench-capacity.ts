// `npm run bench:capacity` (issue 46): how many schools one production instance carries through
// their busiest hour, on PostgreSQL and on the embedded database (decision 0098). Not a test.
//
// For each database: a fresh one (a database bench_capacity_<pid> on BENCH_POSTGRES_URL, or a
// PGlite folder under the system's temp folder), migrated and seeded with the deploy steps. Then
// for each step of CAPACITY_SCHOOLS (1, 5, 10, … by default), smallest first: the schools the
// database lacks are created and filled (scripts/bench/capacity-seed.ts), the production build is
// started as `npm start` runs it, and the schools' Sunday evening is driven open-loop at their
// busiest hour's rate (scripts/bench/capacity-driver.ts) for CAPACITY_SECONDS after a warm-up. The
// search stops at the first step that fails, then halves the gap between the last that passed and
// it (CAPACITY_BISECT times). The report goes to docs/benchmarks.md (### Capacity).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { baseEnv, pgliteVersion, POSTGRES_URL, redact } from "./bench/app-env";
import { callCosts } from "./bench/capacity-costs";
import { calls, requestsPerSession, type SchoolState } from "./bench/capacity-mix";
import { writeCapacityReport, type CapacityResult, type StepResult } from "./bench/capacity-report";
import { measure, seedSchools, withServer, type Target } from "./bench/capacity-step";
import { cleanups, ROOT, run } from "./bench/proc";
import { connectAdmin, withDatabase, withTempFolder } from "./bench/scratch-db";

const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 60);
const WARMUP = Number(process.env.CAPACITY_WARMUP_SECONDS ?? 10);
const RATE = Number(process.env.CAPACITY_RATE ?? 11);
const BISECT = Number(process.env.CAPACITY_BISECT ?? 2);
const COSTS = process.env.CAPACITY_COSTS !== "0";
const RETRIES = Number(process.env.CAPACITY_RETRIES ?? 1);
const STEPS = (process.env.CAPACITY_SCHOOLS ?? "1,5,10,15,20,25,30,35,40")
  .split(",")
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const MIX = calls();
/** Each database's result, kept so that a run of one database can report both. */
const saved = (key: string) => path.join(os.tmpdir(), `bench-capacity-${key}.json`);

async function step(
  target: Target,
  schools: number,
  dir: string,
  states: Map<number, SchoolState>,
): Promise<StepResult[]> {
  console.info(`  ${schools} schools: seeding what is missing...`);
  const active = await seedSchools(target, schools, dir, states);
  const once = () =>
    withServer(target, active, (running) =>
      measure(target, active, running, {
        calls: MIX,
        rate: RATE,
        seconds: SECONDS,
        warmup: WARMUP,
      }),
    );
  const runs = [await once()];
  // The machine's other work comes and goes: a failed step is run again (both are reported).
  for (let i = 0; i < RETRIES && !runs.some((r) => r.passed); i++) {
    console.info(`  ${schools} schools again (the run before did not carry them)...`);
    runs.push(await once());
  }
  return runs;
}

/** The steps, smallest first, until one fails; then halving the gap below it. */
async function search(target: Target): Promise<CapacityResult> {
  console.info(`\n== ${target.database} (${target.detail})`);
  console.info("  migrate and seed...");
  await run("npm", ["run", "db:migrate"], target.env, 600_000);
  await run("npm", ["run", "db:seed"], target.env, 600_000);
  const when = new Date().toISOString();
  const dir = mkdtempSync(path.join(os.tmpdir(), "canteen-capacity-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  cleanups.add(remove);
  const states = new Map<number, SchoolState>();
  const steps: StepResult[] = [];
  const notes: string[] = [];
  try {
    let passed: number | null = null;
    let failed: number | null = null;
    for (const n of STEPS) {
      const results = await step(target, n, dir, states);
      steps.push(...results);
      if (!results.some((r) => r.passed)) {
        failed = n;
        break;
      }
      passed = n;
    }
    for (let i = 0; i < BISECT && failed !== null && failed - (passed ?? 0) > 1; i++) {
      const n = Math.floor(((passed ?? 0) + failed) / 2);
      if (n < 1) break;
      const results = await step(target, n, dir, states);
      steps.push(...results);
      if (results.some((r) => r.passed)) passed = n;
      else failed = n;
    }
    let costs;
    if (COSTS) {
      try {
        console.info("  each call alone at one school...");
        const one = await seedSchools(target, 1, dir, states);
        costs = await withServer(target, one, (running) =>
          callCosts({
            port: running.app.port,
            school: one[0]!,
            calls: MIX,
            agent: running.agent,
            pids: running.app.pids,
            backends: target.backends,
            rate: 10,
            seconds: 10,
          }),
        );
      } catch (error) {
        // The steps' figures stand without them.
        console.error("  the calls' costs failed:", error instanceof Error ? error.message : error);
      }
    }
    if (states.size > Math.max(...steps.map((s) => s.schools))) {
      notes.push(`The database held ${states.size} schools' data throughout the later steps.`);
    }
    steps.sort((a, b) => a.schools - b.schools);
    return {
      database: target.database,
      detail: target.detail,
      when,
      steps,
      carried: passed,
      notes,
      costs,
    };
  } finally {
    cleanups.delete(remove);
    remove();
  }
}

async function embedded(): Promise<CapacityResult> {
  return withTempFolder("canteen-capacity-db-", (folder) =>
    search({
      database: "Embedded (PGlite)",
      detail: `PGlite ${pgliteVersion()}, data folder under ${os.tmpdir()}, inside the server's process.`,
      // The embedded database lives in one process: SERVER_PROCESSES is PostgreSQL's alone.
      env: { ...baseEnv(), PGLITE_DATA_DIR: path.join(folder, "pglite"), SERVER_PROCESSES: "" },
    }),
  );
}

async function postgres(): Promise<CapacityResult> {
  const name = `bench_capacity_${process.pid}`;
  const { admin, version } = await connectAdmin(POSTGRES_URL);
  return withDatabase(admin, POSTGRES_URL, name, (url) =>
    search({
      database: "PostgreSQL",
      detail: `PostgreSQL ${version} at ${redact(url.host)}, on the same machine (pool of 10 connections).`,
      env: { ...baseEnv(), DATABASE_URL: url.toString() },
      backends: ` ${name} `,
    }),
  );
}

async function main() {
  const started = new Date();
  const which = process.env.CAPACITY_DB; // postgres | pglite; both when unset
  // CAPACITY_REPORT_ONLY=1: the report from the last saved results of each database, no run.
  if (process.env.CAPACITY_REPORT_ONLY !== "1") {
    if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
      console.info("No production build in .next: npm run build...");
      await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" }, 1_800_000);
    }
    if (which !== "pglite") writeFileSync(saved("postgres"), JSON.stringify(await postgres()));
    if (which !== "postgres") writeFileSync(saved("pglite"), JSON.stringify(await embedded()));
  }
  const results = ["postgres", "pglite"]
    .filter((key) => existsSync(saved(key)))
    .map((key) => JSON.parse(readFileSync(saved(key), "utf8")) as CapacityResult);
  // The section's date is that of its earliest measurement, not of the report.
  const first = results.map((r) => r.when).sort()[0];
  const weights = MIX.filter((c) => c.perSession).map(
    (c) => `${c.name.toLowerCase()} ${c.perSession}`,
  );
  const sessionRequests = requestsPerSession(MIX);
  await writeCapacityReport(results, first ? new Date(first) : started, {
    seconds: SECONDS,
    warmup: WARMUP,
    rate: RATE,
    mix: `${weights.join(", ")} (${sessionRequests.toFixed(1)} requests a session)`,
    sessionRequests,
  });
}

try {
  await main();
} catch (error) {
  console.error("[bench:capacity] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
