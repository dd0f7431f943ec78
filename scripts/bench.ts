// `npm run bench`: response times of the admin screens' heaviest reads with 50,000 orders in a
// cycle (issue 5, "Measured"), on the embedded database and on PostgreSQL. Not part of the tests.
//
// For each database: a fresh one (a PGlite folder under the system's temp folder; a database
// canteen_bench_<pid> on BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432, skipped
// with a note when it does not answer), migrated and seeded with the deploy steps, filled by
// prisma/tools/seed-orders.ts (timed), then served by the production build (`next start`; built
// first when .next is missing). Signed in as superadmin, each endpoint is warmed 20 times, then
// measured with 200 sequential requests and with 400 requests from 10 concurrent workers. The
// tables are printed and written to docs/benchmarks.md; the server is stopped and the database
// dropped (or its folder removed) whatever happens.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import * as prettier from "prettier";

const ROOT = path.resolve(import.meta.dirname, "..");
const TARGET_MS = 150;
const WARMUP = 20;
const SEQUENTIAL = 200;
const CONCURRENT = 400;
const WORKERS = 10;
const REQUEST_TIMEOUT_MS = 30_000;
const SUPERADMIN_PASSWORD = "bench-superadmin";
const SESSION_SECRET = "bench-session-secret-0123456789abcdef0123456789";
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432";

type Stats = { p50: number; p95: number; p99: number; max: number; rps: number };
type EndpointResult = { name: string; path: string; sequential: Stats; concurrent: Stats };
type Measured = {
  kind: "measured";
  database: string;
  detail: string;
  seedSeconds: number;
  endpoints: EndpointResult[];
};
type DbResult = Measured | { kind: "skipped"; database: string; skipped: string };

// ---------------------------------------------------------------------------------------------
// Processes

/** Runs a command to completion (its own process group, killed on timeout); rejects on failure. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: "pipe" });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      killGroup(child, "SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} timed out after ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(`${command} ${args.join(" ")} failed (${code ?? signal})\n${output.trim()}`),
        );
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Stops the server's process group: SIGTERM, then SIGKILL after 10 s. */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** What an interrupt (Ctrl-C) must undo before exiting: servers, folders, databases. */
const cleanups = new Set<() => Promise<void> | void>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: cleaning up`);
    void Promise.allSettled([...cleanups].map(async (cleanup) => cleanup())).then(() =>
      process.exit(130),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP

class Client {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(method: string, urlPath: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (method !== "GET") headers.origin = this.base;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(this.base + urlPath, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return response;
  }

  async json<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
    const response = await this.request(method, urlPath, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** One timed GET, body read to the end; throws unless 200. */
  async timed(urlPath: string): Promise<number> {
    const start = performance.now();
    const response = await this.request("GET", urlPath);
    const text = await response.text();
    const elapsed = performance.now() - start;
    if (response.status !== 200) {
      throw new Error(`GET ${urlPath}: expected 200, got ${response.status} ${text.slice(0, 300)}`);
    }
    return elapsed;
  }
}

async function waitForServer(client: Client, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited before answering\n${log()}`);
    }
    try {
      const response = await client.request("GET", "/api/health");
      await response.text();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer within 120 s\n${log()}`);
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function stats(samples: number[], wallMs: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    rps: samples.length / (wallMs / 1000),
  };
}

async function measure(client: Client, name: string, urlPath: string): Promise<EndpointResult> {
  for (let i = 0; i < WARMUP; i++) await client.timed(urlPath);

  const sequentialSamples: number[] = [];
  let start = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) sequentialSamples.push(await client.timed(urlPath));
  const sequential = stats(sequentialSamples, performance.now() - start);

  const concurrentSamples: number[] = [];
  let next = 0;
  start = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < CONCURRENT) {
        next++;
        concurrentSamples.push(await client.timed(urlPath));
      }
    }),
  );
  const concurrent = stats(concurrentSamples, performance.now() - start);

  const result = { name, path: urlPath, sequential, concurrent };
  console.info(`  ${name}: ${describe(result)}`);
  return result;
}

const ms = (n: number) => n.toFixed(1);
const describe = (r: EndpointResult) =>
  `sequential p50 ${ms(r.sequential.p50)} / p95 ${ms(r.sequential.p95)} / p99 ` +
  `${ms(r.sequential.p99)} ms, ${r.sequential.rps.toFixed(0)} req/s; ${WORKERS} concurrent p50 ` +
  `${ms(r.concurrent.p50)} / p95 ${ms(r.concurrent.p95)} ms, ${r.concurrent.rps.toFixed(0)} req/s`;

// ---------------------------------------------------------------------------------------------
// One database

type Target = { database: string; detail: string; env: NodeJS.ProcessEnv };

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
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "1",
    SMTP_URL: "",
  };
}

async function benchDatabase(target: Target): Promise<Measured> {
  console.info(`\n== ${target.database} (${target.detail})`);
  console.info("  migrate and seed...");
  await run("npm", ["run", "db:migrate"], target.env, 300_000);
  await run("npm", ["run", "db:seed"], target.env, 300_000);

  console.info("  seed-orders (50,000 orders)...");
  let start = performance.now();
  await run(
    "npx",
    ["tsx", "--conditions=react-server", "prisma/tools/seed-orders.ts"],
    target.env,
    900_000,
  );
  const seedSeconds = (performance.now() - start) / 1000;
  console.info(`  seed-orders took ${seedSeconds.toFixed(1)} s`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...target.env, APP_URL: base };
  let log = "";
  const server = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: "pipe",
  });
  const appendLog = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  };
  server.stdout.on("data", appendLog);
  server.stderr.on("data", appendLog);
  const stop = () => stopServer(server);
  cleanups.add(stop);
  try {
    const client = new Client(base);
    start = performance.now();
    await waitForServer(client, server, () => log);
    await client.json("POST", "/api/login", {
      username: "superadmin",
      password: SUPERADMIN_PASSWORD,
    });
    console.info(`  server up and signed in (${ms(performance.now() - start)} ms)`);

    const cycles = await client.json<{ id: number; isActive: boolean; startDate: string }[]>(
      "GET",
      "/api/order-cycles",
    );
    const active = cycles.find((c) => c.isActive);
    if (!active) throw new Error("no active cycle after seed-orders");

    const endpoints: EndpointResult[] = [];
    endpoints.push(
      await measure(client, "Kitchen week view", "/api/orders/week/1?page=1&pageSize=100"),
    );
    endpoints.push(
      await measure(
        client,
        "Cycle orders page",
        `/api/cycle-orders?page=1&pageSize=10&cycleId=${active.id}`,
      ),
    );
    // The history lists past (inactive) cycles only: with the seeded cycle active it would be an
    // empty page. Deactivating it puts its 50,000 orders in the history's grouped totals.
    await client.json("DELETE", `/api/order-cycles/${active.id}`);
    const history = await client.json<{ data: { cycleId: number; totalOrders: number }[] }>(
      "GET",
      "/api/order-cycles/history?page=1",
    );
    if (!history.data.some((c) => c.cycleId === active.id && c.totalOrders > 0)) {
      throw new Error("the deactivated seeded cycle is not on the first history page");
    }
    endpoints.push(await measure(client, "Cycle history list", "/api/order-cycles/history?page=1"));
    return {
      kind: "measured",
      database: target.database,
      detail: target.detail,
      seedSeconds,
      endpoints,
    };
  } finally {
    cleanups.delete(stop);
    await stopServer(server);
  }
}

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
      detail: `PostgreSQL ${version} at ${url.host}`,
      env: { ...baseEnv(), DATABASE_URL: url.toString() },
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

// ---------------------------------------------------------------------------------------------
// Report

function table(result: Measured): string {
  const rows = result.endpoints.map((r) => {
    const s = r.sequential;
    const c = r.concurrent;
    const met = s.p95 < TARGET_MS ? "met" : "**missed**";
    return (
      `| ${r.name} | \`${r.path.replace(/cycleId=\d+/, "cycleId=…")}\` | ${ms(s.p50)} | ` +
      `${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.rps.toFixed(0)} | ${ms(c.p50)} | ` +
      `${ms(c.p95)} | ${ms(c.p99)} | ${ms(c.max)} | ${c.rps.toFixed(0)} | ${met} |`
    );
  });
  return [
    `| Endpoint | Request | p50 | p95 | p99 | max | req/s | p50 | p95 | p99 | max | req/s | < ${TARGET_MS} ms |`,
    "| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |",
    ...rows,
  ].join("\n");
}

function report(results: DbResult[], started: Date): string {
  const cpus = os.cpus();
  const lines = [
    "# Benchmarks",
    "",
    "Response times of the admin screens' heaviest reads with 50,000 orders in one cycle (issue 5,",
    '"Measured"): the target is an answer in under 150 ms on the embedded database and on',
    "PostgreSQL. Produced by `npm run bench` (`scripts/bench.ts`); timing is kept out of the tests.",
    "",
    "## Machine",
    "",
    `- CPU: ${cpus[0]?.model.trim() ?? "unknown"}, ${cpus.length} cores`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node.js ${process.version}, ${os.type()} ${os.release()} (${os.arch()})`,
    `- Date: ${started.toISOString()}`,
    "",
    "## Method",
    "",
    "- Each database is fresh: migrated and seeded with the deploy steps (`npm run db:migrate`,",
    "  `npm run db:seed` with `SEED_DEMO=0`), then filled by `prisma/tools/seed-orders.ts` (800",
    "  parents, 1,200 students, 40 menu items, 50,000 orders in the active 4-week cycle, of which",
    "  24,000 live). The embedded database is filled before the server starts (one process per",
    "  PGlite folder).",
    "- The production build is served by `next start` (`NODE_ENV=production`) on the same machine;",
    "  requests come from Node's `fetch` as `superadmin`, timed with `performance.now()` from sending",
    "  to the end of the body, and every answer must be 200.",
    `- Per endpoint: ${WARMUP} warm-up requests, then ${SEQUENTIAL} sequential requests, then ` +
      `${CONCURRENT} requests`,
    `  from ${WORKERS} concurrent workers. Times are in milliseconds; req/s is requests over the` +
      " run's wall time.",
    `- The target (< ${TARGET_MS} ms) is judged on the sequential p95: one administrator's screen.` +
      " The",
    `  concurrent columns show the same endpoint under ${WORKERS} simultaneous requests.`,
    "- The kitchen week view is week 1 of the active cycle (6,000 live orders of 14,000).",
    "  Cycle history lists past cycles only, so the seeded cycle is deactivated before it is",
    "  measured: its first page then carries the 50,000-order cycle and its grouped totals.",
    "",
    "## Results",
  ];
  for (const result of results) {
    lines.push("", `### ${result.database}`, "");
    if (result.kind === "skipped") {
      lines.push(`Skipped: ${result.skipped}.`);
      continue;
    }
    lines.push(
      `${result.detail}. Seeding the 50,000 orders took ${result.seedSeconds.toFixed(1)} s.`,
      "",
      `Columns 3–7: ${SEQUENTIAL} sequential requests; columns 8–12: ${CONCURRENT} requests from ` +
        `${WORKERS} concurrent workers.`,
      "",
      table(result),
    );
  }
  lines.push(
    "",
    "## Running it",
    "",
    "```sh",
    "npm run build   # once; the script builds when .next is missing",
    "npm run bench",
    "```",
    "",
    "It needs no configuration. The embedded database is a fresh folder under the system's temp",
    "folder; PostgreSQL is a fresh database `canteen_bench_<pid>` on",
    "`postgresql://postgres@127.0.0.1:5432` (`BENCH_POSTGRES_URL` to point elsewhere), created and",
    "dropped by the script and skipped with a note when the server does not answer. Both are",
    "removed at the end, and this file is rewritten with the new figures. A run takes a few",
    "minutes, most of it seeding.",
    "",
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.info("No production build in .next: npm run build...");
    await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" }, 900_000);
  }

  const results: DbResult[] = [];
  results.push(await embedded());
  results.push(await postgres());

  // Formatted as the repository's Prettier would (npm run lint checks docs/ too).
  const file = path.join(ROOT, "docs", "benchmarks.md");
  const markdown = await prettier.format(report(results, started), {
    ...(await prettier.resolveConfig(file)),
    filepath: file,
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, markdown);
  console.info("\n" + markdown);
  console.info("Written to docs/benchmarks.md");

  const missed = results.flatMap((r) =>
    r.kind === "skipped" ? [] : r.endpoints.filter((e) => e.sequential.p95 >= TARGET_MS),
  );
  if (missed.length > 0) {
    console.warn(`${missed.length} endpoint run(s) missed the ${TARGET_MS} ms target`);
  }
}

try {
  await main();
} catch (error) {
  console.error("[bench] failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
