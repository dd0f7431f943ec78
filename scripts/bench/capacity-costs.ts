// What each call of the capacity mix costs the server and PostgreSQL (`npm run bench:capacity`
// with CAPACITY_COSTS=1): one school, one call at a time, open loop at a modest rate, the CPU of
// the server's process (and of PostgreSQL's backends) divided by the answers. It says which calls
// the schools' CPU goes to, which the mixed run cannot.
import type http from "node:http";
import { drive } from "./capacity-driver";
import type { Call, SchoolState } from "./capacity-mix";
import { cpuMsBetween, cpuMsByCommand, cpuMsOfAll } from "./proc";

export type CallCost = {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  appCpuMs: number;
  dbCpuMs: number | null;
  /** Its share of the mix's requests (per session), so share × cost is its part of a request. */
  perSession: number;
};

export async function callCosts(options: {
  port: number;
  school: SchoolState;
  calls: Call[];
  agent: http.Agent;
  pids: () => number[];
  backends?: string;
  rate: number;
  seconds: number;
}): Promise<CallCost[]> {
  const out: CallCost[] = [];
  // The floor: what Next.js answers with no session and no database on this machine, to set the
  // other figures against another machine's (the CPU per answer differs from one to the next).
  const floor: Call = {
    name: "Next.js floor",
    request: "GET /api/health",
    parent: false,
    build: () => ({ method: "GET", path: "/api/health" }),
  };
  for (const call of [floor, ...options.calls]) {
    // Alone, as if every request of the session were this call.
    const alone: Call = { ...call, perSession: 1, everySeconds: undefined };
    const list = [alone];
    // A verification takes the payments the two payment calls, measured before it, created.
    const run = (seconds: number) =>
      drive({
        port: options.port,
        schools: [options.school],
        calls: list,
        rate: options.rate,
        seconds,
        agent: options.agent,
      });
    await run(2);
    // What the server still has in hand from the call before finishes first.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const app = cpuMsOfAll(options.pids());
    const db = options.backends ? cpuMsByCommand(options.backends) : new Map<number, number>();
    const result = await run(options.seconds);
    const appMs = cpuMsOfAll(options.pids()) - app;
    const dbMs = options.backends ? cpuMsBetween(db, cpuMsByCommand(options.backends)) : null;
    const stats = result.calls[0]!;
    // Per answer: a request that timed out is not one (its work may still run after the window).
    const n = Math.max(1, stats.count - stats.errors);
    out.push({
      name: call.name,
      requests: stats.count - stats.errors,
      p50: stats.p50,
      p99: stats.p99,
      appCpuMs: appMs / n,
      dbCpuMs: dbMs === null ? null : dbMs / n,
      perSession: call.perSession ?? 0,
    });
    console.info(
      `      cost of ${call.name.padEnd(22)} n=${String(stats.count).padStart(4)} ` +
        `app ${(appMs / n).toFixed(2)} ms/req` +
        (dbMs === null ? "" : `, PostgreSQL ${(dbMs / n).toFixed(2)} ms/req`) +
        ` (p50 ${stats.p50}, p99 ${stats.p99}; ${JSON.stringify(stats.statuses)})`,
    );
  }
  return out;
}

export function costsTable(costs: CallCost[], sessionRequests: number): string {
  const rows = costs.map((c) => {
    const share = c.perSession / sessionRequests;
    const total = c.appCpuMs + (c.dbCpuMs ?? 0);
    return (
      `| ${c.name} | ${c.requests} | ${c.appCpuMs.toFixed(2)} | ` +
      `${c.dbCpuMs === null ? "–" : c.dbCpuMs.toFixed(2)} | ${(share * 100).toFixed(1)} % | ` +
      `${(share * total).toFixed(2)} |`
    );
  });
  return [
    "| Call (alone, one school) | Requests | App CPU ms/req | PostgreSQL CPU ms/req | Share of parents' requests | CPU ms in an average parent request |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}
