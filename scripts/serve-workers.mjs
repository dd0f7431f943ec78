// `SERVER_PROCESSES=N npm start`: N server processes behind one port, with Node's cluster module
// (decision 0121). A Node.js process runs its JavaScript on one thread; on a machine with more
// cores than one process can use, this is how `npm start` uses them. Each worker is a whole
// instance as README's "several instances" describes: it shares nothing with the others but the
// database and SESSION_SECRET, runs its own sweeps and answers its own readiness. The primary only
// accepts the connections and hands them out in turn.
//
// - The workers start together. With DB_AUTO_SETUP they take turns to migrate and seed
//   (lib/migrations/setup-lock.ts), as several instances starting at once do.
// - While no worker has ever listened, a worker that dies stops the whole server with exit code 1
//   (a port in use, a missing build): starting it again would fail the same way for ever. Once the
//   server has served, a worker that dies is replaced, at once the first time and then after a
//   pause that doubles (up to 30 s) while replacements keep dying before they listen.
// - SIGTERM or SIGINT to the primary goes to every worker, each drains its requests in flight as a
//   single instance does, and the primary exits once all have: 0 when every worker stopped
//   cleanly (or was stopped by that signal before it had started), 1 otherwise.
import cluster from "node:cluster";

const MAX_RESTART_DELAY_MS = 30_000;

/** How many server processes SERVER_PROCESSES asks for (1 when unset), or the reason it cannot. */
export function workerCount(env = process.env) {
  const text = env.SERVER_PROCESSES?.trim();
  if (!text) return { count: 1 };
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 64 || String(count) !== text) {
    return { problem: `SERVER_PROCESSES must be a whole number from 1 to 64 (got "${text}")` };
  }
  if (count > 1 && !env.DATABASE_URL?.trim()) {
    return {
      problem:
        "SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database lives inside one process",
    };
  }
  return { count };
}

/** The primary's whole job: start `count` workers of this same script and look after them. */
export function superviseWorkers(count) {
  const line = (level, msg, extra = {}) =>
    JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra });
  /** Workers started and not yet exited (cluster.workers can lose one before its exit event). */
  const live = new Set();
  const listening = new Set();
  let served = false;
  let stopping = null;
  let worstExit = 0;
  let restartDelay = 0;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once("listening", () => {
      listening.add(worker);
      served = true;
      restartDelay = 0;
      console.log(line("info", "worker listening", { worker: worker.id, pid: worker.process.pid }));
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const wasListening = listening.delete(worker);
    if (stopping) {
      // Stopped cleanly, or by the signal passed on before it could install its own handler.
      if (code !== 0 && signal !== stopping) worstExit = process.exitCode = 1;
      if (live.size === 0) process.exit(worstExit);
      return;
    }
    if (!served) {
      console.error(
        line("error", "a worker stopped before the server ever listened: stopping the server", {
          worker: worker.id,
          code,
          signal,
        }),
      );
      stopAll("SIGTERM", 1);
      return;
    }
    if (!wasListening) restartDelay = Math.min(MAX_RESTART_DELAY_MS, restartDelay * 2 || 1_000);
    console.error(
      line("error", "a worker stopped: starting another", {
        worker: worker.id,
        code,
        signal,
        inMs: restartDelay,
      }),
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
  });

  /** Every worker drains and exits; the primary follows the last one. */
  const stopAll = (signal, exitCode = 0) => {
    if (stopping) return;
    stopping = signal;
    worstExit = Math.max(worstExit, exitCode);
    // Whatever happens to the events, the primary's exit code is the worst it saw.
    process.exitCode = worstExit;
    if (live.size === 0) process.exit(worstExit);
    for (const worker of live) worker.process.kill(signal);
  };
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));

  console.log(line("info", "starting workers", { workers: count }));
  for (let i = 0; i < count; i += 1) fork();
}
