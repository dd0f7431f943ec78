// The processes around the server under measurement (`npm run bench`): the fake DPO in a process
// of its own, the server's command as `npm start` runs it, waiting for either to answer, and one
// request's bytes (what the bare server answers in the app's place).
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RequestSpec } from "./load";
import { findInGroup, freePort, ROOT, sleep, stopGroup } from "./proc";

/** One request's body and type, which must answer 200 (the bytes the bare server answers). */
export async function get(
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
export async function startFakeDpo(): Promise<{ child: ChildProcess; url: string }> {
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
export function startCommand(): { env: Record<string, string>; args: string[] } {
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
export async function waitFor(
  url: string,
  child: ChildProcess,
  log: () => string,
  anyStatus = false,
) {
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

export type RunningApp = {
  child: ChildProcess;
  port: number;
  base: string;
  /** The server's own processes (scripts/serve.mjs, and its workers with SERVER_PROCESSES). */
  pids: () => number[];
  /** The last lines of its output, for an error message. */
  log: () => string;
};

/**
 * The production build served as `npm start` serves it, on a free port of 127.0.0.1, in its own
 * process group; resolves once /api/health answers.
 */
export async function startApp(env: NodeJS.ProcessEnv, dpoUrl: string): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The last lines of the server's output, kept cheaply (the server logs a line per request).
  const tail: Buffer[] = [];
  const appendLog = (d: Buffer) => {
    tail.push(d);
    if (tail.length > 50) tail.shift();
  };
  const log = () => Buffer.concat(tail).toString().slice(-20_000);
  const command = startCommand();
  const child = spawn(
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
      env: { ...env, ...command.env, APP_URL: base, DPO_API_URL: dpoUrl },
      detached: true,
      stdio: "pipe",
    },
  );
  child.stdout.on("data", appendLog);
  child.stderr.on("data", appendLog);
  // BENCH_SERVER_LOG=/tmp/server.log: the server's whole output in a file (with --trace-gc, say).
  if (process.env.BENCH_SERVER_LOG) {
    const file = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" });
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  let pids: number[] = [];
  const app: RunningApp = {
    child,
    port,
    base,
    // Looked up again only when one of them is gone (a worker replaced): /proc is scanned once.
    pids: () => {
      if (pids.length === 0 || !pids.every((pid) => existsSync(`/proc/${pid}`))) {
        pids = findInGroup(child.pid!, "scripts/serve.mjs");
      }
      return pids;
    },
    log,
  };
  try {
    await waitFor(`${base}/api/health`, child, log);
  } catch (error) {
    // The caller has no handle on a server that never answered: stop it here.
    await stopGroup(child);
    throw error;
  }
  return app;
}
