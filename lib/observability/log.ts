import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import pino from "pino";

// Structured logs: one JSON object per line on stdout, each carrying the request id of the request
// it belongs to (from an AsyncLocalStorage scope opened by the API wrapper), so one parent's failed
// payment can be followed across lines and instances. Secrets never reach a line: known secret
// fields are censored wherever they appear, and errors are logged by pino's serializer (message,
// type, stack), never with request bodies.

type RequestContext = { requestId: string };

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that every log line inside it carries. */
export function withRequestContext<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "temporaryPassword",
  "token",
  "sessionSecret",
  "cookie",
  "authorization",
  "companyToken",
  "cardNumber",
  "cvv",
];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

let sink: Writable | null = null;

/** Tests capture the log lines; the server writes them to stdout. */
export function setLogSink(stream: Writable | null): void {
  sink = stream;
}

// The server's lines are gathered for one turn of the event loop and written together: stdout is
// a pipe (to a supervisor or a log shipper), written synchronously, and a write per request line
// was a system call and a wake-up of the reader per request (issue 20). A line is written at the
// latest when the current turn ends, and on exit.
let pending: Buffer[] = [];
let flushScheduled = false;

function flushLines(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const lines = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
  pending = [];
  process.stdout.write(lines);
}

process.once("exit", flushLines);

const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    if (sink) {
      sink.write(chunk);
    } else {
      pending.push(chunk);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flushLines);
      }
    }
    done();
  },
});

function level(): string {
  const configured = process.env.LOG_LEVEL;
  if (configured) return configured;
  return process.env.NODE_ENV === "test" ? "silent" : "info";
}

export const log = pino(
  {
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  destination,
);
