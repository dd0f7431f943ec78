// `npm start`: the production build served by Next's own request handler inside a small HTTP
// server of ours (Next's documented custom server), for two things `next start` gets wrong:
//
// - The caller's address. `next start` fills in X-Forwarded-For only when the request has none,
//   so a client facing the app directly can send any value and pick its own bucket for the
//   per-address limits. Here the socket's peer is always appended as the last entry, and
//   lib/api/client-address.ts counts TRUSTED_PROXY_HOPS back from it.
// - A path that does not percent-decode (`/api/%ff`). Next's router then tries to render a `/400`
//   page an App Router app does not have, and answers 500. It is answered 400 here, before Next.
//
// It also answers a browser that accepts brotli with the build's precompressed scripts and style
// sheets (scripts/precompressed.mjs, decision 0064); Next only gzips, on every request.
//
// package.json starts it with `--max-semi-space-size=8`: V8's young generation at half its default,
// which kept the server's peak RSS under the benchmark's rush under 400 MB (docs/benchmarks.md,
// issue 20); it must be given on node's command line, V8 sizes the heap when it starts. It also
// sets MALLOC_ARENA_MAX=2 unless the environment gives another value: glibc otherwise gives each of
// Node's worker threads (libuv's pool compresses the answers) malloc arenas of its own, which stay
// resident; measured under the benchmark, the label PDFs and payment calls, peak RSS 458 → 387 MB
// (decision 0058). glibc reads it when the process starts, so it is set before `exec node`.
//
// Everything else is `next start`'s: `-p`/`--port` or PORT (default 3000), `-H`/`--hostname`
// (default: every interface), `--keepAliveTimeout`. Like `next start`, the HOSTNAME variable is
// not read (containers set it to their own name). SIGTERM and SIGINT are left to the app
// (NEXT_MANUAL_SIG_HANDLE): lib/server-startup.ts stops being ready, lets the API requests in
// flight finish, closes the database and exits. `npm start` runs this with `exec`, so the signal
// npm forwards reaches this process rather than a shell that would die and leave it running.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});

const port = wholeNumber("port", options.port ?? process.env.PORT ?? "3000");
const keepAliveTimeout =
  options.keepAliveTimeout === undefined
    ? undefined
    : wholeNumber("keepAliveTimeout", options.keepAliveTimeout);
const hostname = options.hostname;

// What `next start` sets before loading anything of Next or the app (lib/env.ts reads NODE_ENV:
// left unset, the app would seed the demo accounts).
process.env.NODE_ENV ||= "production";
process.env.NEXT_RUNTIME = "nodejs";
process.env.NEXT_MANUAL_SIG_HANDLE = "true";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.NEXT_PRIVATE_START_TIME ??= String(Date.now());

// A production server needs its public address (issue 24 §6): card payments return to it and the
// sandbox is called there. Missing or malformed, stop here with the reason, before anything starts
// (lib/env.ts refuses it too, for servers started another way).
if (process.env.NODE_ENV === "production") {
  const problem = appUrlProblem(process.env.APP_URL);
  if (problem) {
    console.error(`Cannot start: ${problem}`);
    process.exit(1);
  }
}

// SERVER_PROCESSES=N: this process only supervises N workers, each of which runs this script again
// from the top and serves (scripts/serve-workers.mjs, decision 0121).
const { workerCount, superviseWorkers } = await import("./serve-workers.mjs");
const workers = workerCount();
if (workers.problem) {
  console.error(`Cannot start: ${workers.problem}`);
  process.exit(1);
}
if (cluster.isPrimary && workers.count > 1) superviseWorkers(workers.count);
else await serve();

async function serve() {
  const { default: next } = await import("next");
  const { securityHeaders } = await import("../next.config.mjs");
  const { precompressedAssets } = await import("./precompressed.mjs");
  const root = path.resolve(import.meta.dirname, "..");
  const precompressed = precompressedAssets(path.join(root, ".next"), securityHeaders);

  const server = http.createServer(listener);
  if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
  const app = next({
    dev: false,
    dir: root,
    port,
    hostname,
    httpServer: server,
  });
  const handle = app.getRequestHandler();

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  function listener(req, res) {
    // Node joins repeated X-Forwarded-For headers with ", ", so this is the whole chain as sent.
    const chain = req.headers["x-forwarded-for"];
    const peer = req.socket.remoteAddress ?? "unknown";
    req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
    if (!pathDecodes(req.url ?? "/")) {
      malformedPath(res, securityHeaders);
      return;
    }
    const toNext = () =>
      handle(req, res).catch((error) => {
        console.error(error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    if (!precompressed(req, res, toNext)) toNext();
  }

  server.on("error", (error) => {
    console.error("Failed to start server", error);
    process.exit(1);
  });

  await app.prepare();
  server.listen(port, hostname, () => {
    const address = server.address();
    const bound = typeof address === "object" && address ? address.port : port;
    process.env.PORT = String(bound);
    console.log(`▲ Next.js production server on http://${hostname ?? "localhost"}:${bound}`);
  });
}

/** Whether the path decodes the way Next's router decodes it (the query is never decoded so). */
function pathDecodes(url) {
  const query = url.indexOf("?");
  try {
    decodeURIComponent(query === -1 ? url : url.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

/** @param {http.ServerResponse} res @param {{ key: string, value: string }[]} securityHeaders */
function malformedPath(res, securityHeaders) {
  const message = "Malformed request path";
  res.statusCode = 400;
  for (const { key, value } of securityHeaders) res.setHeader(key, value);
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify({ message, error: message }));
}

function wholeNumber(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || String(value) !== text.trim()) {
    console.error(`Invalid ${name}: ${text}`);
    process.exit(1);
  }
  return value;
}

/** Why APP_URL cannot be the public address, or null when it can. @param {string | undefined} value */
function appUrlProblem(value) {
  if (!value?.trim()) {
    return "APP_URL is required in production: the address parents open, e.g. https://canteen.school.zm";
  }
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return null;
  } catch {
    // reported below
  }
  return `APP_URL must be the app's public address, e.g. https://canteen.school.zm (got "${value}")`;
}
