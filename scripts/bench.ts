// `npm run bench`: the portal under the 07:45 rush (issue 8, "Benchmarks"), on the embedded
// database and on PostgreSQL. Not part of the tests.
//
// For each database: a fresh one (a PGlite folder under the system's temp folder; a database
// canteen_bench_<pid> on BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432, skipped
// with a note when it does not answer), migrated and seeded with the deploy steps, filled by
// prisma/tools/seed-orders.ts, given the benchmark's parents and sessions (scripts/bench/fixtures.ts),
// then served by the production build as `npm start` serves it. autocannon drives each call at 20 and 100 connections; each
// read is also measured against a bare node:http server answering the same bytes; the RSS of the
// server process is sampled all through. The figures go to docs/benchmarks.md (its server
// part only: any other section, such as Pages, is kept as it is).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { endpoints } from "./bench/endpoints";
import { connectAdmin, withDatabase, withTempFolder } from "./bench/scratch-db";
import type { BenchFixtures } from "./bench/fixtures";
import { load, type Load } from "./bench/load";
import { baseEnv, mb, pgliteVersion, POSTGRES_URL, redact } from "./bench/app-env";
import { get, startApp, startFakeDpo, waitFor, type RunningApp } from "./bench/servers";
import {
  cleanups,
  cpuMsBetween,
  cpuMsByCommand,
  cpuMsOfAll,
  freePort,
  ROOT,
  rssOf,
  rssSampler,
  run,
  stopGroup,
} from "./bench/proc";
import {
  type DbResult,
  type EndpointResult,
  type Measured,
  CONNECTIONS,
  REFERENCE,
  writeReport,
} from "./bench/report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 5);
const WARMUP_SECONDS = 3;

type Target = {
  database: string;
  detail: string;
  env: NodeJS.ProcessEnv;
  /** What the database's own processes have in their command line (PostgreSQL's backends). */
  backends?: string;
};

async function benchDatabase(target: Target): Promise<Measured> {
  console.info(`\n== ${target.database} (${target.detail})`);
  console.info("  migrate and seed...");
  await run("npm", ["run", "db:migrate"], target.env, 300_000);
  await run("npm", ["run", "db:seed"], target.env, 300_000);
  console.info("  seed-orders (50,000 orders)...");
  let start = performance.now();
  const tsx = ["tsx", "--conditions=react-server"];
  await run("npx", [...tsx, "prisma/tools/seed-orders.ts"], target.env, 900_000);
  const seedSeconds = (performance.now() - start) / 1000;
  console.info(`  seed-orders took ${seedSeconds.toFixed(1)} s`);
  const work = mkdtempSync(path.join(os.tmpdir(), "canteen-bench-run-"));
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  cleanups.add(removeWork);
  const fixturesFile = path.join(work, "fixtures.json");
  await run("npx", [...tsx, "scripts/bench/fixtures.ts", fixturesFile], target.env, 300_000);
  const fixtures = JSON.parse(readFileSync(fixturesFile, "utf8")) as BenchFixtures;

  const dpo = await startFakeDpo();
  const stopDpo = () => stopGroup(dpo.child);
  cleanups.add(stopDpo);
  let app: RunningApp | undefined;
  const stopServer = () => (app ? stopGroup(app.child) : undefined);
  cleanups.add(stopServer);
  let bare: ChildProcess | undefined;
  const stopBare = () => (bare ? stopGroup(bare) : undefined);
  cleanups.add(stopBare);
  try {
    start = performance.now();
    app = await startApp(target.env, dpo.url);
    const { base, pids } = app;
    const rss = rssSampler(pids);
    await get(base, { method: "GET", path: "/api/menu", cookie: fixtures.readers[0] });
    const idleRss = pids().reduce((sum, id) => sum + rssOf(id), 0);
    console.info(`  server up (${(performance.now() - start).toFixed(0)} ms), RSS ${mb(idleRss)}`);

    // Mobile money is off until the office turns it on (spec: Payment Settings).
    await get(base, {
      method: "POST",
      path: "/api/settings/mobile-money",
      cookie: fixtures.admin,
      body: JSON.stringify({ enabled: true, operators: { airtel: true, mtn: true } }),
    });
    // BENCH_CALLS="Menu read,Order history": only those calls (and the floor), for a quicker look.
    const only = process.env.BENCH_CALLS?.split(",").map((name) => name.trim());
    const list = endpoints(fixtures).filter(
      (e) => !only || e.name === REFERENCE || only.includes(e.name),
    );
    // The bare server's answers: each read's real answer, fetched once.
    const answers: Record<string, { contentType: string; body: string }> = {};
    for (const endpoint of list.filter((e) => e.read)) {
      const spec = endpoint.next();
      const answer = await get(base, spec);
      answers[`${spec.method} ${spec.path}`] = {
        contentType: answer.contentType,
        body: answer.body.toString("base64"),
      };
    }
    const answersFile = path.join(work, "answers.json");
    writeFileSync(answersFile, JSON.stringify(answers));
    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    bare = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(ROOT, "scripts/bench/bare-server.ts"),
        String(barePort),
        answersFile,
      ],
      { cwd: ROOT, detached: true, stdio: "ignore" },
    );
    await waitFor(`${bareBase}/none`, bare, () => "the bare server", true);

    const results: EndpointResult[] = [];
    for (const endpoint of list) {
      console.info(`  ${endpoint.name}...`);
      await load({ base, connections: 10, seconds: WARMUP_SECONDS, next: endpoint.next });
      const runs: EndpointResult["runs"] = [];
      for (const connections of endpoint.connections ?? CONNECTIONS) {
        const cpuBefore = cpuMsOfAll(pids());
        const dbBefore = target.backends
          ? cpuMsByCommand(target.backends)
          : new Map<number, number>();
        const measured = await load({
          base,
          connections,
          seconds: SECONDS,
          next: endpoint.next,
          expectedStatuses: endpoint.expectedStatuses,
        });
        // The server's own CPU per answer: what the call costs the app, whatever else the
        // machine's two cores are doing (the throughput and latencies depend on that).
        const cpuMs = cpuMsOfAll(pids()) - cpuBefore;
        // PostgreSQL's backends of the database, when they run on this machine: the other half of
        // what a write costs the two cores.
        const dbMs = target.backends
          ? cpuMsBetween(dbBefore, cpuMsByCommand(target.backends))
          : null;
        const app = {
          ...measured,
          cpuMsPerRequest: measured.requests ? cpuMs / measured.requests : 0,
          dbCpuMsPerRequest: dbMs !== null && measured.requests ? dbMs / measured.requests : null,
        };
        let bareLoad: Load | undefined;
        if (endpoint.read) {
          const spec = endpoint.next();
          bareLoad = await load({
            base: bareBase,
            connections,
            seconds: BARE_SECONDS,
            next: () => ({ ...spec }),
          });
        }
        runs.push({ app, bare: bareLoad });
        console.info(
          `    ${connections} conn: ${app.rps.toFixed(0)} req/s, p50 ${app.p50} ms, p99 ${app.p99} ms, ` +
            `CPU ${app.cpuMsPerRequest.toFixed(2)} ms/req, ` +
            (app.dbCpuMsPerRequest !== null
              ? `database CPU ${app.dbCpuMsPerRequest.toFixed(2)} ms/req, `
              : "") +
            `errors ${app.errors}, non-2xx ${app.non2xx}` +
            (app.expected ? `, expected ${app.expected}` : "") +
            (bareLoad
              ? `; bare ${bareLoad.rps.toFixed(0)} req/s (ratio ${(app.rps / bareLoad.rps).toFixed(2)})`
              : "") +
            `; statuses ${JSON.stringify(app.statuses)}`,
        );
      }
      results.push({
        name: endpoint.name,
        request: endpoint.request,
        runs,
        note: endpoint.note?.(),
        peakRssSoFar: rss.peak,
      });
    }
    rss.stop();
    console.info(`  peak RSS ${mb(rss.peak)}`);
    return {
      kind: "measured",
      database: target.database,
      detail: target.detail,
      seedSeconds,
      idleRss,
      peakRss: rss.peak,
      endpoints: results,
      people: fixtures,
    };
  } finally {
    cleanups.delete(stopServer);
    cleanups.delete(stopBare);
    cleanups.delete(stopDpo);
    await stopBare();
    await stopServer();
    await stopDpo();
    cleanups.delete(removeWork);
    removeWork();
  }
}

async function embedded(): Promise<DbResult> {
  return withTempFolder("canteen-bench-", (folder) =>
    benchDatabase({
      database: "Embedded (PGlite)",
      detail: `PGlite ${pgliteVersion()}, data folder under ${os.tmpdir()}`,
      // The embedded database lives in one process: SERVER_PROCESSES is PostgreSQL's alone.
      env: { ...baseEnv(), PGLITE_DATA_DIR: path.join(folder, "pglite"), SERVER_PROCESSES: "" },
    }),
  );
}

async function postgres(): Promise<DbResult> {
  const name = `canteen_bench_${process.pid}`;
  let server: Awaited<ReturnType<typeof connectAdmin>>;
  try {
    server = await connectAdmin(POSTGRES_URL);
  } catch (error) {
    const reason = `PostgreSQL at ${redact(POSTGRES_URL)} is not reachable (${
      error instanceof Error ? error.message : String(error)
    }); skipped`;
    console.warn(`\n== PostgreSQL: ${reason}`);
    return { kind: "skipped", database: "PostgreSQL", skipped: reason };
  }
  return withDatabase(server.admin, POSTGRES_URL, name, (url) =>
    benchDatabase({
      database: "PostgreSQL",
      detail: `PostgreSQL ${server.version} at ${url.host} (pool of 10 connections per instance)`,
      env: { ...baseEnv(), DATABASE_URL: url.toString() },
      // A backend's process title: "postgres: 15/main: postgres canteen_bench_123 127.0.0.1(…)".
      backends: ` ${name} `,
    }),
  );
}

async function main() {
  const started = new Date();
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.info("No production build in .next: npm run build...");
    await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" }, 900_000);
  }
  const only = process.env.BENCH_ONLY; // "embedded" or "postgres", for a quicker look
  const results: DbResult[] = [];
  if (only !== "postgres") results.push(await embedded());
  if (only !== "embedded") results.push(await postgres());
  const { missed } = await writeReport(results, started, {
    seconds: SECONDS,
    bareSeconds: BARE_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  for (const line of missed) console.warn(`missed: ${line}`);
}

try {
  await main();
} catch (error) {
  console.error("[bench] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
