// Child processes of `npm run bench`: commands run to completion, servers in their own process
// group (stopped with the group), free ports, the clean-ups an interrupt must run, and the RSS of
// a process read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a command to completion (its own process group, killed on timeout); rejects on failure. */
export function run(
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

export function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
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

/** Stops a process group started by us: SIGTERM, then SIGKILL after 10 s. */
export async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
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
export const cleanups = new Set<() => Promise<void> | void>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: cleaning up`);
    void Promise.allSettled([...cleanups].map(async (cleanup) => cleanup())).then(() =>
      process.exit(130),
    );
  });
}

/** Resident memory in bytes of one process, or 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The CPU time (user + system) the process has used so far, in ms (from /proc; 0 if gone). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The CPU time so far (ms) of every process whose command line contains `needle`: PostgreSQL's
 * backends of one database, whose process titles name it. Empty when none runs on this machine.
 */
export function cpuMsByCommand(needle: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(needle))
        out.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/**
 * CPU ms the processes of two readings used in between: one started meanwhile counts from zero,
 * one that exited meanwhile is lost (a busy pool closes none). Null when neither saw a process.
 */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>) {
  if (before.size === 0 && after.size === 0) return null;
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Linux's USER_HZ, which /proc counts CPU time in. */
const CLOCK_TICKS = 100;

/**
 * The pids of the processes in `group` whose command line contains `needle`: the server, and its
 * workers when SERVER_PROCESSES starts several (decision 0121).
 */
export function findInGroup(group: number, needle: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so split after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes(needle)) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** The CPU time so far (ms) of several processes together: a server and its workers. */
export function cpuMsOfAll(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
}

/** Samples the RSS of a server (with its workers, summed) every `everyMs` until stopped; keeps the peak. */
export function rssSampler(pids: () => number[], everyMs = 200) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(() => {
    const ids = pids();
    if (ids.length === 0) return;
    last = ids.reduce((sum, id) => sum + rssOf(id), 0);
    peak = Math.max(peak, last);
  }, everyMs);
  timer.unref();
  return {
    get peak() {
      return peak;
    },
    get last() {
      return last;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The whole machine's busy CPU time so far, in ms, over every core (from /proc/stat): what the
 * other work on a shared machine took, once the measured processes are taken away.
 */
export function machineBusyMs(): number {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th fields.
    return ((total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
