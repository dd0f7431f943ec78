// One step of `npm run bench:capacity` (issue 46): the schools the database lacks seeded, the
// production server started afresh with the fake DPO, each school's mobile money turned on, a
// warm-up, then the measured open-loop run with the CPU of the server, of PostgreSQL's backends,
// of the driver and of the whole machine read around it.
import http from "node:http";
import { readFileSync } from "node:fs";
import os from "node:os";
import { mb } from "./app-env";
import { drive, send } from "./capacity-driver";
import { schoolState, type Call, type SchoolState } from "./capacity-mix";
import { judge, type StepResult } from "./capacity-report";
import { fixturesFile, type CapacitySchool } from "./capacity-types";
import {
  cleanups,
  cpuMsBetween,
  cpuMsByCommand,
  cpuMsOf,
  cpuMsOfAll,
  machineBusyMs,
  rssSampler,
  run,
  stopGroup,
} from "./proc";
import { startApp, startFakeDpo, type RunningApp } from "./servers";

export type Target = {
  database: string;
  detail: string;
  env: NodeJS.ProcessEnv;
  /** What PostgreSQL's backends of the database have in their process title. */
  backends?: string;
};

export type Running = { app: RunningApp; dpoPid: number; agent: http.Agent };

/** Creates and fills schools 1..n where `dir` has no fixtures yet; their states in `states`. */
export async function seedSchools(
  target: Target,
  n: number,
  dir: string,
  states: Map<number, SchoolState>,
): Promise<SchoolState[]> {
  const tsx = ["tsx", "--conditions=react-server"];
  const args = [...tsx, "scripts/bench/capacity-seed.ts", String(n), dir];
  const seeded = await run("npx", args, target.env, 3_600_000);
  for (const line of seeded.split("\n").filter((l) => l.includes("schools added"))) {
    console.info(`    ${line.trim()}`);
  }
  for (let k = 1; k <= n; k++) {
    if (!states.has(k)) {
      const fixtures = JSON.parse(readFileSync(fixturesFile(dir, k), "utf8")) as CapacitySchool;
      states.set(k, schoolState(fixtures));
    }
  }
  return [...states.entries()].filter(([k]) => k <= n).map(([, s]) => s);
}

/** Runs `fn` with the server (and the fake DPO) up, mobile money on at every school, then stops. */
export async function withServer<T>(
  target: Target,
  schools: SchoolState[],
  fn: (running: Running) => Promise<T>,
): Promise<T> {
  const dpo = await startFakeDpo();
  let app: RunningApp | undefined;
  const stop = async () => {
    if (app) await stopGroup(app.child);
    await stopGroup(dpo.child);
  };
  cleanups.add(stop);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  try {
    app = await startApp(target.env, dpo.url);
    // Mobile money is off until each school's office turns it on (spec: Payment Settings).
    for (const s of schools) {
      // A first request loads much of the app: a busy machine may take a while over it.
      const answer = await send(
        agent,
        app.port,
        s.fixtures.host,
        {
          method: "POST",
          path: "/api/settings/mobile-money",
          cookie: s.fixtures.admin,
          body: JSON.stringify({ enabled: true, operators: { airtel: true, mtn: true } }),
        },
        120_000,
      );
      if ("error" in answer || answer.status !== 200) {
        const said = JSON.stringify(answer).slice(0, 300);
        throw new Error(`mobile money at ${s.fixtures.host}: ${said}\n${app.log()}`);
      }
    }
    return await fn({ app, dpoPid: dpo.child.pid ?? 0, agent });
  } finally {
    agent.destroy();
    cleanups.delete(stop);
    await stop();
  }
}

/** The measured run of one step: warm-up, then `seconds` at `rate` per school. */
export async function measure(
  target: Target,
  schools: SchoolState[],
  running: Running,
  options: { calls: Call[]; rate: number; seconds: number; warmup: number },
): Promise<StepResult> {
  const { app, agent, dpoPid } = running;
  const { calls, rate, seconds, warmup } = options;
  const rss = rssSampler(app.pids);
  const load = (s: number) => drive({ port: app.port, schools, calls, rate, seconds: s, agent });
  if (warmup > 0) await load(warmup);
  const before = {
    app: cpuMsOfAll(app.pids()),
    dpo: cpuMsOf(dpoPid),
    db: target.backends ? cpuMsByCommand(target.backends) : new Map<number, number>(),
    self: process.cpuUsage(),
    machine: machineBusyMs(),
  };
  const result = await load(seconds);
  const appMs = cpuMsOfAll(app.pids()) - before.app;
  const dpoMs = cpuMsOf(dpoPid) - before.dpo;
  const dbMs = target.backends ? cpuMsBetween(before.db, cpuMsByCommand(target.backends)) : null;
  const self = process.cpuUsage(before.self);
  const selfMs = (self.user + self.system) / 1000;
  const machineMs = machineBusyMs() - before.machine;
  rss.stop();
  const coresMs = os.cpus().length * seconds * 1000;
  const others = machineMs - appMs - dpoMs - (dbMs ?? 0) - selfMs;
  const answered = Math.max(1, result.answered);
  const { passed, verdict } = judge(result);
  const out: StepResult = {
    schools: schools.length,
    drive: result,
    appCpuMsPerRequest: appMs / answered,
    dbCpuMsPerRequest: dbMs === null ? null : dbMs / answered,
    othersPercent: Math.max(0, (others / coresMs) * 100),
    driverPercent: (selfMs / coresMs) * 100,
    peakRss: rss.peak,
    cpuCeiling:
      (os.cpus().length * 1000) /
      (((appMs + (dbMs ?? 0)) / answered) * (result.offered / seconds / schools.length)),
    passed,
    verdict,
  };
  console.info(
    `    ${(result.offered / seconds).toFixed(0)} req/s offered, ` +
      `${(result.answered / seconds).toFixed(0)} answered; ` +
      `app CPU ${out.appCpuMsPerRequest.toFixed(2)} ms/req` +
      (out.dbCpuMsPerRequest === null
        ? ""
        : `, PostgreSQL ${out.dbCpuMsPerRequest.toFixed(2)} ms/req`) +
      `, peak RSS ${mb(out.peakRss)}, CPU ceiling ${out.cpuCeiling.toFixed(1)} schools, other load ${out.othersPercent.toFixed(0)} %, ` +
      `driver ${out.driverPercent.toFixed(0)} %, send lag p99 ${result.sendLagP99} ms: ` +
      `${passed ? "carried" : "NOT carried"} (${verdict})`,
  );
  for (const c of result.calls) {
    console.info(
      `      ${c.name.padEnd(22)} n=${String(c.count).padStart(5)} p50 ${c.p50} p99 ${c.p99} ` +
        `max ${c.max} err ${c.errors} non2xx ${c.non2xx} 409 ${c.expected} ` +
        `skipped ${c.skipped} ${JSON.stringify(c.statuses)}`,
    );
    for (const sample of c.samples) console.info(`        ${sample}`);
  }
  return out;
}
