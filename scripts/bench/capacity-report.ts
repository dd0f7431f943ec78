// The capacity run's report (`npm run bench:capacity`, issue 46): a markdown section printed and
// written into docs/benchmarks.md between its own markers, after the server section that
// `npm run bench` writes (scripts/bench/report.ts), every other part of the file kept as it is.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { costsTable, type CallCost } from "./capacity-costs";
import type { DriveResult } from "./capacity-driver";
import { ROOT } from "./proc";

export const P99_TARGET_MS = 300;

export type StepResult = {
  schools: number;
  drive: DriveResult;
  appCpuMsPerRequest: number;
  dbCpuMsPerRequest: number | null;
  /** CPU the rest of the machine used meanwhile (other work, load generator), % of both cores. */
  othersPercent: number;
  driverPercent: number;
  peakRss: number;
  /** Schools two idle cores would carry at this step's CPU per request (app + PostgreSQL). */
  cpuCeiling: number;
  passed: boolean;
  /** Why it did not pass, or the worst parent call when it did. */
  verdict: string;
};

export type CapacityResult = {
  database: string;
  detail: string;
  steps: StepResult[];
  /** The largest number of schools that passed, below the smallest that did not. */
  carried: number | null;
  notes: string[];
  /** When the database's run started (ISO). */
  when: string;
  /** Each call alone at one school (CAPACITY_COSTS=1), when measured. */
  costs?: CallCost[];
};

const START = "<!-- bench:capacity:start (written by npm run bench:capacity) -->";
const END = "<!-- bench:capacity:end -->";
const SERVER_END = "<!-- bench:server:end -->";

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);

/** Whether a step carried its schools: every parent call's p99 under target, nothing failed. */
export function judge(drive: DriveResult): { passed: boolean; verdict: string } {
  const problems: string[] = [];
  for (const call of drive.calls) {
    if (call.errors) problems.push(`${call.name}: ${call.errors} errors`);
    if (call.non2xx) problems.push(`${call.name}: ${call.non2xx} non-2xx`);
    if (call.parent && call.p99 >= P99_TARGET_MS) problems.push(`${call.name} p99 ${call.p99} ms`);
  }
  if (problems.length) return { passed: false, verdict: problems.slice(0, 4).join("; ") };
  const worst = drive.calls.filter((c) => c.parent && c.count).sort((a, b) => b.p99 - a.p99)[0];
  return { passed: true, verdict: worst ? `worst: ${worst.name} p99 ${worst.p99} ms` : "" };
}

function stepsTable(steps: StepResult[]): string {
  const rows = steps.map((s) => {
    const parentP99 = Math.max(0, ...s.drive.calls.filter((c) => c.parent).map((c) => c.p99));
    const errors = s.drive.calls.reduce((n, c) => n + c.errors + c.non2xx, 0);
    return (
      `| ${s.schools} | ${(s.drive.offered / s.drive.seconds).toFixed(0)} | ` +
      `${(s.drive.answered / s.drive.seconds).toFixed(0)} | ${parentP99} | ${errors} | ` +
      `${s.appCpuMsPerRequest.toFixed(2)} | ` +
      `${s.dbCpuMsPerRequest === null ? "–" : s.dbCpuMsPerRequest.toFixed(2)} | ` +
      `${mb(s.peakRss)} | ${s.cpuCeiling.toFixed(1)} | ${s.othersPercent.toFixed(0)} % | ` +
      `${s.drive.sendLagP99} | ` +
      `${s.passed ? "yes" : "**no**"} | ${s.verdict} |`
    );
  });
  return [
    "| Schools | Offered req/s | Answered req/s | Worst parent p99 ms | Errors + non-2xx | App CPU ms/req | PostgreSQL CPU ms/req | Peak RSS MB | CPU ceiling (schools) | Other load | Driver lag p99 ms | Carried | Note |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ...rows,
  ].join("\n");
}

function callsTable(step: StepResult): string {
  const rows = step.drive.calls.map(
    (c) =>
      `| ${c.name}${c.parent ? "" : " (office)"} | ${c.count} | ${c.p50} | ${c.p99} | ${c.max} | ` +
      `${c.errors} | ${c.non2xx} | ${c.expected} | ${c.skipped} |`,
  );
  return [
    "| Call | Requests | p50 ms | p99 ms | Max ms | Errors | Non-2xx | Expected 409 | Skipped |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

/** Other load at or under this (% of both cores) in every step: the figures are the machine's own. */
const QUIET_PERCENT = 10;

export type CapacityOptions = {
  seconds: number;
  warmup: number;
  rate: number;
  mix: string;
  sessionRequests: number;
};

/** Whether the machine was otherwise quiet: the most Other load any step saw, and what it means. */
function otherLoad(results: CapacityResult[]): string[] {
  const most = Math.max(0, ...results.flatMap((r) => r.steps.map((s) => s.othersPercent)));
  const what =
    "the share of both cores the rest of the machine used meanwhile (from /proc/stat, less the " +
    "server, PostgreSQL's backends, the fake DPO and the driver)";
  return most <= QUIET_PERCENT
    ? [
        `- Other load, ${what}, stayed at or under ${most.toFixed(0)} %: the machine was otherwise quiet.`,
      ]
    : [
        `- **Caveat**: other jobs ran on the same two cores during the run (up to ${most.toFixed(0)} %`,
        `  Other load, ${what}). Latencies are those of a machine that busy.`,
      ];
}

export function section(results: CapacityResult[], started: Date, o: CapacityOptions): string {
  const cpu = os.cpus();
  const parts = [
    START,
    "",
    "### Capacity",
    "",
    "Issue 46: how many schools one production instance carries through their busiest hour.",
    "Produced by `npm run bench:capacity` (`scripts/bench-capacity.ts`, `scripts/bench/capacity-*.ts`,",
    "decision 0098).",
    "",
    `- Machine: ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores shared with the load generator,`,
    `  the fake DPO, PostgreSQL and other work; ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB;`,
    `  Node.js ${process.version}. Started ${started.toISOString()}.`,
    `- Server processes on PostgreSQL: ${serverProcesses()} (SERVER_PROCESSES, decision 0121); one on`,
    "  the embedded database, which lives in one process.",
    ...otherLoad(results),
    `- Each school: 1,000 parents, 1,500 children, 40 menu items, 62,500 orders in its active 4-week`,
    "  cycle (live orders for weeks 1–3, week 4 open), a Session row and sealed cookie per parent.",
    "  Schools are made by the operator's `createSchool`, each at its own host `s<k>.bench.localhost`.",
    `- Load, open loop: each school's parents arrive as a Poisson process at ${o.rate} requests a`,
    `  second (the busiest hour, 10 × the evening's average), each request drawn from a session's mix:`,
    `  ${o.mix}. The office polls live orders every 5 s, the kitchen week and revenue every 60 s.`,
    "  Latency is counted from each request's scheduled time (queueing included); requests go through",
    "  a keep-alive `node:http` agent with the school's Host header.",
    `- Each step: the server started afresh, ${o.warmup} s of warm-up at the step's rate, then ${o.seconds} s`,
    "  measured. A step carries its schools when every parent call's p99 is under",
    `  ${P99_TARGET_MS} ms and no call (office included) has an error or an unexpected status. A step`,
    "  that fails is run once more (the other work on the machine comes and goes); both runs are shown,",
    "  and the step counts as carried when either passed.",
    "- CPU ceiling: the schools two otherwise idle cores would serve at 100 % busy, from the step's",
    "  CPU per request (server + PostgreSQL) and the school's request rate: a bound, not a latency.",
    "- CPU ms/req: the server's processes' CPU (and PostgreSQL's backends of the database) over the",
    "  measured window divided by the answers. Peak RSS: the server's processes together, sampled",
    "  every 200 ms.",
    "",
  ];
  for (const r of results) {
    parts.push(`#### ${r.database}`, "", `${r.detail} Run started ${r.when}.`, "");
    parts.push(
      r.carried === null
        ? "No step carried its schools."
        : `**Schools carried: ${r.carried}** (the largest step that passed, below the first that did not).`,
      "",
      stepsTable(r.steps),
      "",
    );
    const at = (n: number | null) =>
      r.steps.find((s) => s.schools === n && s.passed) ?? r.steps.find((s) => s.schools === n);
    const one = at(1);
    const best = at(r.carried);
    if (one) parts.push(`One school, by call:`, "", callsTable(one), "");
    if (best && best !== one)
      parts.push(`${best.schools} schools, by call:`, "", callsTable(best), "");
    const failed = r.steps.find((s) => !s.passed && s.schools > (r.carried ?? 0));
    if (failed && failed !== one)
      parts.push(`${failed.schools} schools (not carried), by call:`, "", callsTable(failed), "");
    if (r.costs) {
      parts.push(
        "Each call alone at one school (its own open-loop run), what it costs:",
        "",
        costsTable(r.costs, o.sessionRequests),
        "",
      );
    }
    for (const note of r.notes) parts.push(`- ${note}`);
    parts.push("");
  }
  parts.push(
    "Run: `npm run bench:capacity` (`CAPACITY_DB=postgres|pglite`, `CAPACITY_SCHOOLS=1,5,10,…` the",
    "steps, `CAPACITY_SECONDS=60`, `CAPACITY_WARMUP_SECONDS=10`, `CAPACITY_RATE=11`).",
    "",
    END,
  );
  return parts.join("\n");
}

/** Prints the section and writes it into docs/benchmarks.md after the server section. */
export async function writeCapacityReport(
  results: CapacityResult[],
  started: Date,
  options: CapacityOptions,
): Promise<void> {
  const file = path.join(ROOT, "docs", "benchmarks.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const text = section(results, started, options);
  const a = old.indexOf(START);
  const b = old.indexOf(END);
  const after = old.indexOf(SERVER_END);
  let next: string;
  if (a >= 0 && b > a) next = old.slice(0, a) + text + old.slice(b + END.length);
  else if (after >= 0) {
    const at = after + SERVER_END.length;
    next = `${old.slice(0, at)}\n\n${text}\n${old.slice(at)}`;
  } else next = `${old.trimEnd()}\n\n${text}\n`;
  const markdown = await prettier.format(next, {
    ...(await prettier.resolveConfig(file)),
    filepath: file,
  });
  writeFileSync(file, markdown);
  console.info(`\n${text}\nWritten to docs/benchmarks.md`);
}

/** How many server processes `npm start` runs on PostgreSQL here (SERVER_PROCESSES, 1 when unset). */
function serverProcesses(): number {
  return Number(process.env.SERVER_PROCESSES?.trim() || "1");
}
