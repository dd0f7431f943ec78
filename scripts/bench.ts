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
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { BenchFixtures } from "./bench/fixtures";
import { load, type Load, type RequestSpec } from "./bench/load";
import {
  cleanups,
  cpuMsBetween,
  cpuMsByCommand,
  cpuMsOf,
  findInGroup,
  freePort,
  ROOT,
  rssOf,
  rssSampler,
  run,
  sleep,
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
const SUPERADMIN_PASSWORD = "bench-superadmin";
const SESSION_SECRET = "bench-session-secret-0123456789abcdef0123456789";
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432";

type Target = {
  database: string;
  detail: string;
  env: NodeJS.ProcessEnv;
  /** What the database's own processes have in their command line (PostgreSQL's backends). */
  backends?: string;
};

type Endpoint = {
  name: string;
  request: string;
  next: () => RequestSpec;
  /** A read: measured beside the bare server answering its bytes. */
  read: boolean;
  expectedStatuses?: number[];
  /** A note on how the load was made, read after the run (slots used, carts replaced). */
  note?: () => string;
  /** Connections to measure at, when not the parents' CONNECTIONS (20 and 100). */
  connections?: readonly number[];
};

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "DB_AUTO_SETUP", "SEED_DEMO", "APP_URL"]) {
    delete env[key];
  }
  return {
    ...env,
    // An empty DATABASE_URL counts as unset, and a .env file cannot fill it in behind our back.
    DATABASE_URL: "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SESSION_SECRET,
    SEED_DEMO: "0",
    SEED_SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD,
    // The payment provider is the fake DPO in its own process (startFakeDpo), so its work is not
    // counted as the app's; DPO_API_URL is added when it answers.
    PAYMENT_PROVIDER: "dpo",
    DPO_PAY_URL: "https://pay.example.test/payv2.php",
    DPO_COMPANY_TOKEN: "BENCH-COMPANY",
    DPO_SERVICE_TYPE: "5525",
    SMTP_URL: "",
    // Production requires it (lib/env.ts); the seed steps never use it, the server gets its own.
    APP_URL: "http://127.0.0.1",
    // The default log level (info: one JSON line per request), as a deployment runs it.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  };
}

async function get(
  base: string,
  spec: RequestSpec,
): Promise<{ contentType: string; body: Buffer }> {
  const response = await fetch(base + spec.path, {
    method: spec.method,
    headers: {
      accept: "application/json",
      ...(spec.cookie ? { cookie: spec.cookie } : {}),
      ...(spec.body !== undefined ? { "content-type": "application/json", origin: base } : {}),
    },
    body: spec.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(
      `${spec.method} ${spec.path}: ${response.status} ${body.toString().slice(0, 300)}`,
    );
  }
  return { contentType: response.headers.get("content-type") ?? "application/json", body };
}

/** The fake DPO (scripts/bench/fake-dpo-server.ts) in its own process group, and its API URL. */
async function startFakeDpo(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/bench/fake-dpo-server.ts")],
    { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the fake DPO did not start")), 60_000);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once("exit", (code) => reject(new Error(`the fake DPO exited (${code})`)));
  });
  return { child, url };
}

/**
 * The server as deployed: `npm start`'s command (`[NAME=${NAME:-value} …] exec node <flags>
 * scripts/serve.mjs`, from package.json) without npm around it, so its environment settings and
 * node flags are the ones measured.
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const match = /^((?:\w+=\S+\s+)*)exec node (.+)$/.exec(pkg.scripts.start ?? "");
  if (!match?.[2]) throw new Error(`npm start is not "exec node …": ${pkg.scripts.start}`);
  const env: Record<string, string> = {};
  for (const assignment of (match[1] ?? "").trim().split(/\s+/).filter(Boolean)) {
    const [name = "", value = ""] = assignment.split(/=(.*)/s);
    // `${NAME:-default}`: the caller's value when set, as the shell would.
    const fallback = /^\$\{(\w+):-(.*)\}$/.exec(value);
    env[name] = fallback ? process.env[fallback[1] ?? ""] || (fallback[2] ?? "") : value;
  }
  const args = match[2]
    .split(/\s+/)
    .map((arg) => (arg.endsWith(".mjs") ? path.join(ROOT, arg) : arg));
  return { env, args };
}

/** Waits until `url` answers (any status when `anyStatus`, else 200). */
async function waitFor(url: string, child: ChildProcess, log: () => string, anyStatus = false) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited before answering\n${log()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200 || anyStatus) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within 120 s\n${log()}`);
}

function endpoints(f: BenchFixtures): Endpoint[] {
  let r = 0;
  const reader = () => f.readers[r++ % f.readers.length]!;
  const line = (studentId: number, day: { weekNumber: number; dayOfWeek: number }) => ({
    menuItemId: f.meal.id,
    studentId,
    weekNumber: day.weekNumber,
    dayOfWeek: day.dayOfWeek,
    category: f.meal.category,
    sideDish: f.meal.sideDish,
    comments: null,
  });

  // Free orders: slot k is parent k mod P on day floor(k / P), so consecutive requests come from
  // different parents and no (child, day) is asked twice until every slot is used. After that a
  // slot comes round again and its answer is 409 Already Ordered, counted apart.
  let freeNext = 0;
  const freeSlots = f.free.length * f.openDays.length;
  // Card payments: each request is a paying parent's first payment of a one-meal cart. Once every
  // parent has one open, parent k asks for another day: a changed cart, which settles (verifies
  // and cancels at the sandbox) the open one first, as a parent changing their mind would.
  let payNext = 0;
  let mobileNext = 0;
  // Credit checkout: as free orders, slot k is credit parent k mod P on day floor(k / P).
  let creditNext = 0;
  const creditSlots = f.credit.length * f.openDays.length;

  return [
    {
      // Not a target: what Next.js answers with no session and no database, the floor of any call.
      name: REFERENCE,
      request: "GET /api/health (no session, no database)",
      read: true,
      next: () => ({ method: "GET", path: "/api/health" }),
    },
    {
      name: "Menu read",
      request: "GET /api/menu",
      read: true,
      next: () => ({ method: "GET", path: "/api/menu", cookie: reader() }),
    },
    {
      name: "Order history",
      request: "GET /api/orders?includeAll=true",
      read: true,
      next: () => ({ method: "GET", path: "/api/orders?includeAll=true", cookie: reader() }),
    },
    {
      name: "Cart validation",
      request: `POST /api/menu-items/validate (${f.cartItemIds.length} items)`,
      read: true,
      next: () => ({
        method: "POST",
        path: "/api/menu-items/validate",
        cookie: reader(),
        body: JSON.stringify({ menuItemIds: f.cartItemIds }),
      }),
    },
    {
      name: "Kitchen week view",
      request: "GET /api/orders/week/1?page=1&pageSize=100",
      read: true,
      next: () => ({
        method: "GET",
        path: "/api/orders/week/1?page=1&pageSize=100",
        cookie: f.admin,
      }),
    },
    {
      name: "Cycle orders page",
      request: "GET /api/cycle-orders?page=1&pageSize=10&cycleId=…",
      read: true,
      next: () => ({
        method: "GET",
        path: `/api/cycle-orders?page=1&pageSize=10&cycleId=${f.cycleId}`,
        cookie: f.admin,
      }),
    },
    {
      name: "Revenue stats",
      request: "GET /api/revenue/stats?cycleId=…",
      read: true,
      next: () => ({
        method: "GET",
        path: `/api/revenue/stats?cycleId=${f.cycleId}`,
        cookie: f.admin,
      }),
    },
    {
      // The kitchen prints the day's labels once or twice a morning: a few at once, not 100.
      name: "Kitchen labels PDF",
      request: `GET /api/kitchen/labels?date=${f.busiestDate} (the busiest day)`,
      read: true,
      connections: [1, 5],
      next: () => ({
        method: "GET",
        path: `/api/kitchen/labels?date=${f.busiestDate}`,
        cookie: f.admin,
      }),
    },
    {
      name: "Free order placement",
      request: "POST /api/orders (1 meal, 100% code)",
      read: false,
      expectedStatuses: [409],
      next: () => {
        const k = freeNext++ % freeSlots;
        const parent = f.free[k % f.free.length]!;
        const day = f.openDays[Math.floor(k / f.free.length)]!;
        return {
          method: "POST",
          path: "/api/orders",
          cookie: parent.cookie,
          body: JSON.stringify([line(parent.studentId, day)]),
        };
      },
      note: () =>
        `${Math.min(freeNext, freeSlots)} of ${freeSlots} free (child, day) slots used` +
        (freeNext > freeSlots ? `, then ${freeNext - freeSlots} asked again (409)` : ""),
    },
    {
      name: "Credit checkout",
      request: "POST /api/orders (1 meal, paid from account credit)",
      read: false,
      expectedStatuses: [409],
      next: () => {
        const k = creditNext++ % creditSlots;
        const parent = f.credit[k % f.credit.length]!;
        const day = f.openDays[Math.floor(k / f.credit.length)]!;
        return {
          method: "POST",
          path: "/api/orders",
          cookie: parent.cookie,
          body: JSON.stringify([line(parent.studentId, day)]),
        };
      },
      note: () =>
        `${Math.min(creditNext, creditSlots)} of ${creditSlots} (child, day) slots paid from credit` +
        (creditNext > creditSlots ? `, then ${creditNext - creditSlots} asked again (409)` : ""),
    },
    {
      name: "Card payment creation",
      request: "POST /api/payments/create (1 meal, card)",
      read: false,
      next: () => {
        const k = payNext++;
        const parent = f.paying[k % f.paying.length]!;
        const day = f.openDays[Math.floor(k / f.paying.length) % f.openDays.length]!;
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({ amount: f.meal.price, cartItems: [line(parent.studentId, day)] }),
        };
      },
      note: () =>
        `${Math.min(payNext, f.paying.length)} first payments of ${f.paying.length} parents` +
        (payNext > f.paying.length ? `, ${payNext - f.paying.length} changed carts` : ""),
    },
    {
      name: "Mobile payment creation",
      request: "POST /api/payments/create (1 meal, MOBILE, Airtel number)",
      read: false,
      next: () => {
        const k = mobileNext++;
        const parent = f.mobile[k % f.mobile.length]!;
        const day = f.openDays[Math.floor(k / f.mobile.length) % f.openDays.length]!;
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({
            amount: f.meal.price,
            currency: "ZMW",
            paymentMethod: "MOBILE",
            mobileNumber: "0977123456",
            cartItems: [line(parent.studentId, day)],
          }),
        };
      },
      note: () =>
        `${Math.min(mobileNext, f.mobile.length)} first pushes of ${f.mobile.length} parents` +
        (mobileNext > f.mobile.length ? `, ${mobileNext - f.mobile.length} changed carts` : ""),
    },
  ];
}

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
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The last lines of the server's output, for an error message; kept cheaply (the server logs
  // a line per request).
  const tail: Buffer[] = [];
  const appendLog = (d: Buffer) => {
    tail.push(d);
    if (tail.length > 50) tail.shift();
  };
  const log = () => Buffer.concat(tail).toString().slice(-20_000);
  const command = startCommand();
  const server = spawn(
    process.execPath,
    [
      // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the server (profiling).
      ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      ...command.args,
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    {
      cwd: ROOT,
      env: { ...target.env, ...command.env, APP_URL: base, DPO_API_URL: dpo.url },
      detached: true,
      stdio: "pipe",
    },
  );
  server.stdout.on("data", appendLog);
  server.stderr.on("data", appendLog);
  // BENCH_SERVER_LOG=/tmp/server.log: the server's whole output in a file (with --trace-gc, say).
  if (process.env.BENCH_SERVER_LOG) {
    const file = createWriteStream(process.env.BENCH_SERVER_LOG);
    server.stdout.pipe(file);
    server.stderr.pipe(file);
  }
  const stopServer = () => stopGroup(server);
  cleanups.add(stopServer);
  let bare: ChildProcess | undefined;
  const stopBare = () => (bare ? stopGroup(bare) : undefined);
  cleanups.add(stopBare);
  try {
    start = performance.now();
    await waitFor(`${base}/api/health`, server, log);
    let appPid: number | null = null;
    const pid = () => (appPid ??= findInGroup(server.pid!, "scripts/serve.mjs"));
    const rss = rssSampler(pid);
    await get(base, { method: "GET", path: "/api/menu", cookie: fixtures.readers[0] });
    const idleRss = rssOf(pid() ?? 0);
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
        const cpuBefore = cpuMsOf(pid() ?? 0);
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
        const cpuMs = cpuMsOf(pid() ?? 0) - cpuBefore;
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

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

async function embedded(): Promise<DbResult> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "canteen-bench-"));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await benchDatabase({
      database: "Embedded (PGlite)",
      detail: `PGlite ${pgliteVersion()}, data folder under ${os.tmpdir()}`,
      env: { ...baseEnv(), PGLITE_DATA_DIR: path.join(folder, "pglite") },
    });
  } finally {
    cleanups.delete(remove);
    remove();
  }
}

async function postgres(): Promise<DbResult> {
  const name = `canteen_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  let version: string;
  try {
    await admin.connect();
    version = (await admin.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
  } catch (error) {
    await admin.end().catch(() => {});
    const reason = `PostgreSQL at ${redact(POSTGRES_URL)} is not reachable (${
      error instanceof Error ? error.message : String(error)
    }); skipped`;
    console.warn(`\n== PostgreSQL: ${reason}`);
    return { kind: "skipped", database: "PostgreSQL", skipped: reason };
  }
  const drop = async () => {
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
    } catch (error) {
      console.error(`could not drop database ${name}:`, error);
    }
  };
  cleanups.add(drop);
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await benchDatabase({
      database: "PostgreSQL",
      detail: `PostgreSQL ${version} at ${url.host} (pool of 10 connections per instance)`,
      env: { ...baseEnv(), DATABASE_URL: url.toString() },
      // A backend's process title: "postgres: 15/main: postgres canteen_bench_123 127.0.0.1(…)".
      backends: ` ${name} `,
    });
  } finally {
    cleanups.delete(drop);
    await drop();
    await admin.end().catch(() => {});
  }
}

function pgliteVersion(): string {
  try {
    const file = path.join(ROOT, "node_modules/@electric-sql/pglite/package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "";
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
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
