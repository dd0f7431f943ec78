// The open-loop driver of `npm run bench:capacity` (issue 46): requests arrive on a schedule made
// before the run, whatever the server's speed, so a slow answer delays no later request and a
// queue shows up in the latencies (no coordinated omission). Each school's parents arrive as a
// Poisson process at the school's rate, each arrival one call of the session's mix drawn by its
// weight; the office's screens are polled at fixed intervals from a random phase. Requests go
// over node:http with a keep-alive agent (fetch cannot set Host), with the school's own Host, as
// the school's proxy forwards them; a latency is counted from the request's scheduled time to the
// end of its answer.
import http from "node:http";
import { performance } from "node:perf_hooks";
import type { Call, CallSpec, SchoolState } from "./capacity-mix";
import { requestsPerSession } from "./capacity-mix";

export type CallStats = {
  name: string;
  parent: boolean;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors and time-outs. */
  errors: number;
  /** Answers outside 2xx other than the call's expected statuses. */
  non2xx: number;
  expected: number;
  /** Arrivals with nothing to ask (a verification before any payment was created). */
  skipped: number;
  statuses: Record<string, number>;
  /** The first few unexpected answers or errors, for the log. */
  samples: string[];
};

export type DriveResult = {
  seconds: number;
  offered: number;
  answered: number;
  calls: CallStats[];
  /** How late the driver itself sent requests (its event loop), p99 in ms: its own limit. */
  sendLagP99: number;
};

type Arrival = { at: number; school: SchoolState; call: Call };

const TIMEOUT_MS = 10_000;

/** The run's arrivals, sorted: parents' Poisson arrivals and the office's polls. */
function schedule(schools: SchoolState[], list: Call[], rate: number, seconds: number) {
  const arrivals: Arrival[] = [];
  const parents = list.filter((c) => c.perSession);
  const weight = requestsPerSession(list);
  const horizon = seconds * 1000;
  for (const school of schools) {
    for (let t = -Math.log(1 - Math.random()) * (1000 / rate); t < horizon;) {
      let pick = Math.random() * weight;
      const call = parents.find((c) => (pick -= c.perSession!) < 0) ?? parents[0]!;
      arrivals.push({ at: t, school, call });
      t += -Math.log(1 - Math.random()) * (1000 / rate);
    }
    for (const call of list.filter((c) => c.everySeconds)) {
      const every = call.everySeconds! * 1000;
      for (let t = Math.random() * every; t < horizon; t += every) {
        arrivals.push({ at: t, school, call });
      }
    }
  }
  return arrivals.sort((a, b) => a.at - b.at);
}

export function send(
  agent: http.Agent,
  port: number,
  host: string,
  spec: CallSpec,
  timeoutMs = TIMEOUT_MS,
  retry = true,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      host,
      accept: spec.accept ?? "application/json",
    };
    if (spec.cookie) headers.cookie = spec.cookie;
    if (spec.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(spec.body));
      headers.origin = `http://${host}`;
    }
    const req = http.request(
      { agent, host: "127.0.0.1", port, method: spec.method, path: spec.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on("error", (e) => resolve({ error: e.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (e: NodeJS.ErrnoException) => {
      // The server closed an idle keep-alive connection as this request went out on it: the
      // request never reached it, and a proxy sends it again on a new connection (Node's own
      // advice for `reusedSocket`). Any other error counts.
      if (req.reusedSocket && e.code === "ECONNRESET" && retry) {
        resolve(send(agent, port, host, spec, timeoutMs, false));
      } else resolve({ error: e.message });
    });
    req.end(spec.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

/** Runs the schedule against the server on `port`; resolves once every request has its answer. */
export async function drive(options: {
  port: number;
  schools: SchoolState[];
  calls: Call[];
  /** Parents' requests per second per school. */
  rate: number;
  seconds: number;
  agent: http.Agent;
}): Promise<DriveResult> {
  const { schools, calls: list, rate, seconds, agent, port } = options;
  const arrivals = schedule(schools, list, rate, seconds);
  const latencies = new Map<string, number[]>(list.map((c) => [c.name, []]));
  const stats = new Map<string, CallStats>(
    list.map((c) => [
      c.name,
      {
        name: c.name,
        parent: c.parent,
        count: 0,
        p50: 0,
        p99: 0,
        max: 0,
        errors: 0,
        non2xx: 0,
        expected: 0,
        skipped: 0,
        statuses: {},
        samples: [],
      },
    ]),
  );
  const lags: number[] = [];
  const pending = new Set<Promise<void>>();
  const t0 = performance.now() + 50;
  let answered = 0;

  const fire = (arrival: Arrival) => {
    const s = stats.get(arrival.call.name)!;
    const spec = arrival.call.build(arrival.school);
    if (!spec) {
      s.skipped++;
      return;
    }
    const scheduled = t0 + arrival.at;
    lags.push(performance.now() - scheduled);
    const done = send(agent, port, arrival.school.fixtures.host, spec).then((answer) => {
      const ms = performance.now() - scheduled;
      latencies.get(arrival.call.name)!.push(ms);
      s.count++;
      if ("error" in answer) {
        s.errors++;
        if (s.samples.length < 3) s.samples.push(answer.error);
        return;
      }
      answered++;
      s.statuses[answer.status] = (s.statuses[answer.status] ?? 0) + 1;
      if (arrival.call.expectedStatuses?.includes(answer.status)) s.expected++;
      else if (answer.status < 200 || answer.status > 299) {
        s.non2xx++;
        if (s.samples.length < 3) s.samples.push(`${answer.status} ${answer.body.slice(0, 200)}`);
      }
      arrival.call.answered?.(arrival.school, spec, answer.status, answer.body);
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  let i = 0;
  while (i < arrivals.length) {
    const now = performance.now() - t0;
    while (i < arrivals.length && arrivals[i]!.at <= now) fire(arrivals[i++]!);
    if (i < arrivals.length) {
      const wait = arrivals[i]!.at - (performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  }
  await Promise.all([...pending]);

  for (const [name, values] of latencies) {
    const s = stats.get(name)!;
    values.sort((a, b) => a - b);
    s.p50 = Math.round(percentile(values, 50));
    s.p99 = Math.round(percentile(values, 99));
    s.max = Math.round(values[values.length - 1] ?? 0);
  }
  lags.sort((a, b) => a - b);
  return {
    seconds,
    offered: arrivals.length,
    answered,
    calls: [...stats.values()],
    sendLagP99: Math.round(percentile(lags, 99)),
  };
}
