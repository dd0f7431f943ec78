// One load measurement: autocannon at N connections for D seconds, with each request built by a
// function (a parent's cookie, a body, a free slot), every status counted.
import autocannon from "autocannon";

export type RequestSpec = { method: string; path: string; cookie?: string; body?: string };

export type Load = {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and time-outs. */
  errors: number;
  /** Answers outside 2xx other than those `expected` (e.g. 409 for an already ordered day). */
  non2xx: number;
  expected: number;
  statuses: Record<string, number>;
};

export async function load(options: {
  base: string;
  connections: number;
  seconds: number;
  next: () => RequestSpec;
  /** Statuses that are a right answer to this load, counted apart (never hidden). */
  expectedStatuses?: number[];
}): Promise<Load> {
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const spec = options.next();
          const headers: Record<string, string> = { accept: "application/json" };
          if (spec.cookie) headers.cookie = spec.cookie;
          if (spec.body !== undefined) {
            headers["content-type"] = "application/json";
            headers.origin = options.base;
          }
          return { ...req, method: spec.method, path: spec.path, headers, body: spec.body ?? "" };
        },
      },
    ],
  });
  instance.on("response", (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const expected = (options.expectedStatuses ?? []).reduce((n, s) => n + (statuses[s] ?? 0), 0);
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  const ok = Object.entries(statuses)
    .filter(([s]) => s.startsWith("2"))
    .reduce((n, [, c]) => n + c, 0);
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: answered,
    rps: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: answered - ok - expected,
    expected,
    statuses,
  };
}
