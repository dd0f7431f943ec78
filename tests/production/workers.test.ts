import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type pg from "pg";
import { withSetupLock } from "@/lib/migrations/setup-lock";
import {
  HttpClient,
  startServer,
  type RunningServer,
  withAdminClient,
} from "@/tests/production/server";

// `SERVER_PROCESSES=3 npm start` on one PostgreSQL (decision 0121): three server processes behind
// one port, each starting with DB_AUTO_SETUP at once. One of them migrates and seeds while the
// others wait (and the lock they wait on lets one holder at a time in); a session made on any
// answers on all; a worker that dies is replaced and parents are still served; SIGTERM reaches
// every worker and the server exits 0. A server whose port is taken stops with exit code 1, and
// the settings that cannot work are refused before anything starts.

const WORKERS = 3;
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/canteen_workers_${randomBytes(5).toString("hex")}`;
const DATABASE_URL = dbUrl.toString();
const APP_URL = "http://127.0.0.1:3331";

let server: RunningServer;

const admin = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(baseUrl, run);

/** The server's workers: the processes whose parent is the one `npm start` started. */
function workerPids(primary: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === primary) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const host = new URL(baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    throw new Error(`Refusing to run against a non-local database (${host}).`);
  }
  await admin((c) => c.query(`CREATE DATABASE "${dbUrl.pathname.slice(1)}"`));
  server = await startServer(3331, {
    DATABASE_URL,
    SERVER_PROCESSES: String(WORKERS),
    DB_AUTO_SETUP: "1",
    SEED_DEMO: "1",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    APP_URL,
    SEED_SUPERADMIN_PASSWORD: "workers-superadmin",
    SEED_PLATFORM_PASSWORD: "workers-operator",
  });
});

afterAll(async () => {
  // The workers first: once the primary is gone they are no longer its children.
  const workers = server ? workerPids(server.process.pid!) : [];
  for (const pid of workers) process.kill(pid, "SIGKILL");
  await server?.stop("SIGKILL");
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbUrl.pathname.slice(1)}" WITH (FORCE)`));
});

describe("several server processes behind one port", () => {
  it("starts every worker on a new database: one migrates and seeds, none fails", async () => {
    const listening = await until(
      () => server.logs.filter((l) => l.msg === "worker listening"),
      (lines) => lines.length === WORKERS,
    );
    expect(new Set(listening.map((l) => l.pid)).size).toBe(WORKERS);
    expect(workerPids(server.process.pid!)).toHaveLength(WORKERS);
    // Every worker has opened the database once each answers ready (fresh connections go round
    // the workers in turn).
    for (let i = 0; i < WORKERS * 3; i += 1) expect(await readyOnFreshConnection()).toBe(200);
    expect(server.logs.filter((l) => l.msg === "applied migrations")).toHaveLength(1);
    expect(server.logs.filter((l) => l.level === "error" || l.level === 50)).toEqual([]);
  });

  it("serves a parent on whichever worker takes the connection", async () => {
    const parent = new HttpClient(server.url, APP_URL);
    const login = await parent.call("POST", "/api/login", {
      username: "demo.parent",
      password: "demo-parent",
    });
    expect(login.status).toBe(200);
    // A fresh connection each time: the primary hands connections to the workers in turn.
    for (let i = 0; i < WORKERS * 4; i += 1) {
      const students = await parent.call<{ name: string }[]>("GET", "/api/students", undefined, {
        connection: "close",
      });
      expect(students.status).toBe(200);
      expect(students.body.length).toBeGreaterThan(0);
    }
    // The session made on one worker answered on every one of them.
    const served = server.logs.filter((l) => l.msg === "request" && l.path === "/api/students");
    expect(served.every((l) => l.status === 200)).toBe(true);
    expect(new Set(served.map((l) => l.pid)).size).toBe(WORKERS);
  });

  it("replaces a worker that dies, and parents are still served", async () => {
    const before = workerPids(server.process.pid!);
    process.kill(before[0]!, "SIGKILL");
    const after = await until(
      () => workerPids(server.process.pid!),
      (pids) => pids.length === WORKERS && !pids.includes(before[0]!),
    );
    expect(after).toHaveLength(WORKERS);
    await until(
      () => server.logs.filter((l) => l.msg === "worker listening").length,
      (n) => n === WORKERS + 1,
    );
    for (let i = 0; i < WORKERS * 2; i += 1) expect(await readyOnFreshConnection()).toBe(200);
  });

  it("passes SIGTERM to every worker, each drains and stops, and the server exits 0", async () => {
    const workers = workerPids(server.process.pid!);
    expect(await server.stop("SIGTERM")).toBe(0);
    const stopped = server.logs.filter((l) => l.msg === "stopped").map((l) => l.pid);
    expect(new Set(stopped)).toEqual(new Set(workers));
    expect(workers.filter((pid) => existsProcess(pid))).toEqual([]);
  });
});

describe("the setup lock", () => {
  it("lets one server at a time migrate and seed a PostgreSQL database", async () => {
    const spans: { start: number; end: number }[] = [];
    const work = async () => {
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 300));
      spans.push({ start, end: Date.now() });
    };
    await Promise.all([1, 2, 3].map(() => withSetupLock(DATABASE_URL, work)));
    spans.sort((a, b) => a.start - b.start);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i += 1) {
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });
});

describe("a server that cannot listen", () => {
  it("stops with exit code 1 instead of starting its workers again for ever", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(3332, "127.0.0.1", resolve));
    try {
      const { code, output } = await runServe({ SERVER_PROCESSES: "2", DATABASE_URL }, [
        "-p",
        "3332",
        "-H",
        "127.0.0.1",
      ]);
      expect(code).toBe(1);
      expect(output).toContain("a worker stopped before the server ever listened");
      expect(output).not.toContain("a worker stopped: starting another");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("settings that cannot work", () => {
  it.each([
    [{ SERVER_PROCESSES: "2" }, "SERVER_PROCESSES above 1 needs DATABASE_URL"],
    [
      { SERVER_PROCESSES: "two", DATABASE_URL },
      'SERVER_PROCESSES must be a whole number from 1 to 64 (got "two")',
    ],
    [
      { SERVER_PROCESSES: "0", DATABASE_URL },
      "SERVER_PROCESSES must be a whole number from 1 to 64",
    ],
  ])("refuses %j before starting anything", async (env, message) => {
    const { code, output } = await runServe(env);
    expect(code).toBe(1);
    expect(output).toContain(`Cannot start: ${message}`);
    expect(output).not.toContain("Next.js production server");
  });
});

/** /api/health/ready over a connection of its own (fetch would keep one open to one worker). */
function readyOnFreshConnection(): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}/api/health/ready`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

function existsProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runServe(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(process.cwd(), "scripts/serve.mjs"), ...args],
      {
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          APP_URL,
          SESSION_SECRET: randomBytes(32).toString("base64url"),
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
