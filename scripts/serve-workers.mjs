// `WEB_CONCURRENCY=N npm start`: N server processes behind one port, with Node's cluster module
// (decision 0121). A Node.js process runs its JavaScript on one thread; on a machine with two
// cores, one process leaves the second core to PostgreSQL and nothing else (docs/benchmarks.md,
// capacity). Each worker is a whole instance as README's "several instances" describes: it shares
// nothing with the others but the database and SESSION_SECRET, runs its own sweeps and answers its
// own readiness. The primary only accepts the connections and hands them out (round robin).
//
// - The workers start together. With DB_AUTO_SETUP they take turns to migrate and seed
//   (lib/migrations/setup-lock.ts), as several instances starting at once do.
// - A worker that dies after it has listened is replaced; one that dies before (a port in use, a
//   database refused at startup is not this: it answers 503 until the database comes) stops the
//   whole server with exit code 1, rather than starting it again forever.
// - SIGTERM or SIGINT to the primary goes to every worker, each drains its requests in flight as a
//   single instance does, and the primary exits once all have: 0 when every worker stopped cleanly.
import cluster from "node:cluster";

/** How many server processes WEB_CONCURRENCY asks for (1 when unset), or the reason it cannot. */
export function workerCount(env = process.env) {
  const text = env.WEB_CONCURRENCY?.trim();
  if (!text) return { count: 1 };
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 64 || String(count) !== text) {
    return { problem: `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${text}")` };
  }
  if (count > 1 && !env.DATABASE_URL?.trim()) {
    return {
      problem:
        "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database lives inside one process",
    };
  }
  return { count };
}

/** The primary's whole job: start `count` workers of this same script and look after them. */
export function superviseWorkers(count) {
  const say = (msg, extra = {}) =>
    console.log(JSON.stringify({ level: "info", time: Date.now(), msg, ...extra }));
  const listening = new Set();
  let stopping = false;
  let worstExit = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker.id);
      say("worker listening", { worker: worker.id, pid: worker.process.pid });
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      // A worker that did not stop cleanly makes the whole exit 1; one replaced earlier does not.
      if (code !== 0) worstExit = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(worstExit);
      return;
    }
    if (!wasListening) {
      console.error(
        JSON.stringify({
          level: "error",
          time: Date.now(),
          msg: "a worker stopped before it listened: stopping the server",
          worker: worker.id,
          code,
          signal,
        }),
      );
      stopAll("SIGTERM", 1);
      return;
    }
    console.error(
      JSON.stringify({
        level: "error",
        time: Date.now(),
        msg: "a worker stopped: starting another",
        worker: worker.id,
        code,
        signal,
      }),
    );
    fork();
  });

  /** Every worker drains and exits; the primary follows the last one. */
  const stopAll = (signal, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    worstExit = Math.max(worstExit, exitCode);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(worstExit);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));

  say("starting workers", { workers: count });
  for (let i = 0; i < count; i += 1) fork();
}
