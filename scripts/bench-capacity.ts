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
import http from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { baseEnv, mb, pgliteVersion, POSTGRES_URL, redact } from "./bench/app-env";
import { drive, send } from "./bench/capacity-driver";
import { calls, requestsPerSession, schoolState, type SchoolState } from "./bench/capacity-mix";
import {
  judge,
  writeCapacityReport,
  type CapacityResult,
  type StepResult,
} from "./bench/capacity-report";
import { fixturesFile, type CapacitySchool } from "./bench/capacity-types";
import {
  cleanups,
  cpuMsBetween,
  cpuMsByCommand,
  cpuMsOf,
  machineBusyMs,
  ROOT,
  rssSampler,
  run,
  stopGroup,
} from "./bench/proc";
import { startApp, startFakeDpo } from "./bench/servers";

const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 60);
const WARMUP = Number(process.env.CAPACITY_WARMUP_SECONDS ?? 10);
const RATE = Number(process.env.CAPACITY_RATE ?? 11);
const BISECT = Number(process.env.CAPACITY_BISECT ?? 2);
const STEPS = (process.env.CAPACITY_SCHOOLS ?? "1,5,10,15,20,25,30,35,40")
  .split(",")
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const TSX = ["tsx", "--conditions=react-server"];
const MIX = calls();

type Target = { database: string; detail: string; env: NodeJS.ProcessEnv; backends?: string };

async function step(
  target: Target,
  schools: number,
  dir: string,
  states: Map<number, SchoolState>,
): Promise<StepResult> {
  console.info(`  ${schools} schools: seeding what is missing...`);
  const seeded = await run(
    "npx",
    [...TSX, "scripts/bench/capacity-seed.ts", String(schools), dir],
    target.env,
    3_600_000,
  );
  for (const line of seeded.split("\n").filter((l) => l.includes("schools added"))) {
    console.info(`    ${line.trim()}`);
  }
  for (let k = 1; k <= schools; k++) {
    if (!states.has(k)) {
      const fixtures = JSON.parse(readFileSync(fixturesFile(dir, k), "utf8")) as CapacitySchool;
      states.set(k, schoolState(fixtures));
    }
  }
  const active = [...states.entries()].filter(([k]) => k <= schools).map(([, s]) => s);
  const dpo = await startFakeDpo();
  const app = await startApp(target.env, dpo.url);
  const stop = async () => {
    await stopGroup(app.child);
    await stopGroup(dpo.child);
  };
  cleanups.add(stop);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  try {
    const rss = rssSampler(app.pid);
    // Mobile money is off until each school's office turns it on (spec: Payment Settings).
    for (const s of active) {
      const answer = await send(agent, app.port, s.fixtures.host, {
        method: "POST",
        path: "/api/settings/mobile-money",
        cookie: s.fixtures.admin,
        body: JSON.stringify({ enabled: true, operators: { airtel: true, mtn: true } }),
      });
      if ("error" in answer || answer.status !== 200) {
        throw new Error(
          `mobile money at ${s.fixtures.host}: ${JSON.stringify(answer).slice(0, 300)}\n${app.log()}`,
        );
      }
    }
    if (WARMUP > 0) {
      await drive({
        port: app.port,
        schools: active,
        calls: MIX,
        rate: RATE,
        seconds: WARMUP,
        agent,
      });
    }
    const pid = app.pid() ?? 0;
    const before = {
      app: cpuMsOf(pid),
      dpo: cpuMsOf(dpo.child.pid ?? 0),
      db: target.backends ? cpuMsByCommand(target.backends) : new Map<number, number>(),
      self: process.cpuUsage(),
      machine: machineBusyMs(),
    };
    const result = await drive({
      port: app.port,
      schools: active,
      calls: MIX,
      rate: RATE,
      seconds: SECONDS,
      agent,
    });
    const appMs = cpuMsOf(pid) - before.app;
    const dpoMs = cpuMsOf(dpo.child.pid ?? 0) - before.dpo;
    const dbMs = target.backends ? cpuMsBetween(before.db, cpuMsByCommand(target.backends)) : null;
    const self = process.cpuUsage(before.self);
    const selfMs = (self.user + self.system) / 1000;
    const machineMs = machineBusyMs() - before.machine;
    rss.stop();
    const coresMs = os.cpus().length * SECONDS * 1000;
    const others = machineMs - appMs - dpoMs - (dbMs ?? 0) - selfMs;
    const answered = Math.max(1, result.answered);
    const { passed, verdict } = judge(result);
    const out: StepResult = {
      schools,
      drive: result,
      appCpuMsPerRequest: appMs / answered,
      dbCpuMsPerRequest: dbMs === null ? null : dbMs / answered,
      othersPercent: Math.max(0, (others / coresMs) * 100),
      driverPercent: (selfMs / coresMs) * 100,
      peakRss: rss.peak,
      passed,
      verdict,
    };
    console.info(
      `    ${(result.offered / SECONDS).toFixed(0)} req/s offered, ${(result.answered / SECONDS).toFixed(0)} answered; ` +
        `app CPU ${out.appCpuMsPerRequest.toFixed(2)} ms/req` +
        (out.dbCpuMsPerRequest === null
          ? ""
          : `, PostgreSQL ${out.dbCpuMsPerRequest.toFixed(2)} ms/req`) +
        `, peak RSS ${mb(out.peakRss)}, other load ${out.othersPercent.toFixed(0)} %, driver ${out.driverPercent.toFixed(0)} %` +
        `, send lag p99 ${result.sendLagP99} ms: ${passed ? "carried" : "NOT carried"} (${verdict})`,
    );
    for (const c of result.calls) {
      console.info(
        `      ${c.name.padEnd(22)} n=${String(c.count).padStart(5)} p50 ${c.p50} p99 ${c.p99} max ${c.max}` +
          ` err ${c.errors} non2xx ${c.non2xx} 409 ${c.expected} skipped ${c.skipped} ${JSON.stringify(c.statuses)}`,
      );
      for (const sample of c.samples) console.info(`        ${sample}`);
    }
    return out;
  } finally {
    agent.destroy();
    cleanups.delete(stop);
    await stop();
  }
}

/** The steps, smallest first, until one fails; then halving the gap below it. */
async function search(target: Target): Promise<CapacityResult> {
  console.info(`\n== ${target.database} (${target.detail})`);
  console.info("  migrate and seed...");
  await run("npm", ["run", "db:migrate"], target.env, 600_000);
  await run("npm", ["run", "db:seed"], target.env, 600_000);
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
      const result = await step(target, n, dir, states);
      steps.push(result);
      if (!result.passed) {
        failed = n;
        break;
      }
      passed = n;
    }
    for (let i = 0; i < BISECT && failed !== null && failed - (passed ?? 0) > 1; i++) {
      const n = Math.floor(((passed ?? 0) + failed) / 2);
      if (n < 1) break;
      const result = await step(target, n, dir, states);
      steps.push(result);
      if (result.passed) passed = n;
      else failed = n;
    }
    if (states.size > Math.max(...steps.map((s) => s.schools))) {
      notes.push(`The database held ${states.size} schools' data throughout the later steps.`);
    }
    steps.sort((a, b) => a.schools - b.schools);
    return { database: target.database, detail: target.detail, steps, carried: passed, notes };
  } finally {
    cleanups.delete(remove);
    remove();
  }
}

async function embedded(): Promise<CapacityResult> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "canteen-capacity-db-"));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await search({
      database: "Embedded (PGlite)",
      detail: `PGlite ${pgliteVersion()}, data folder under ${os.tmpdir()}, inside the server's process.`,
      env: { ...baseEnv(), PGLITE_DATA_DIR: path.join(folder, "pglite") },
    });
  } finally {
    cleanups.delete(remove);
    remove();
  }
}

async function postgres(): Promise<CapacityResult> {
  const name = `bench_capacity_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  const version = (
    await admin.query<{ v: string }>("select current_setting('server_version') as v")
  ).rows[0]!.v;
  const drop = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`).catch((error: unknown) => {
      console.error(`could not drop database ${name}:`, error);
    });
  };
  cleanups.add(drop);
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await search({
      database: "PostgreSQL",
      detail: `PostgreSQL ${version} at ${redact(url.host)}, on the same machine (pool of 10 connections).`,
      env: { ...baseEnv(), DATABASE_URL: url.toString() },
      backends: ` ${name} `,
    });
  } finally {
    cleanups.delete(drop);
    await drop();
    await admin.end().catch(() => {});
  }
}

async function main() {
  const started = new Date();
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.info("No production build in .next: npm run build...");
    await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" }, 1_800_000);
  }
  const which = process.env.CAPACITY_DB; // postgres | pglite; both when unset
  const results: CapacityResult[] = [];
  if (which !== "pglite") results.push(await postgres());
  if (which !== "postgres") results.push(await embedded());
  const weights = MIX.filter((c) => c.perSession).map(
    (c) => `${c.name.toLowerCase()} ${c.perSession}`,
  );
  await writeCapacityReport(results, started, {
    seconds: SECONDS,
    warmup: WARMUP,
    rate: RATE,
    mix: `${weights.join(", ")} (${requestsPerSession(MIX).toFixed(1)} requests a session)`,
  });
}

try {
  await main();
} catch (error) {
  console.error("[bench:capacity] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
