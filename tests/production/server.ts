// Starts the production build as a child process with the command `npm start` runs (`node
// scripts/serve.mjs`, with only the variables a test gives it), the way an operator runs it, and
// talks to it over real HTTP. Used by the tests that need a real server: headers, cookies, the
// caller's address, graceful shutdown, and several instances on one database.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";

export type LogLine = Record<string, unknown> & { msg?: string };

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  logs: LogLine[];
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

const root = process.cwd();

export function assertBuilt(): void {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
}

export async function startServer(
  port: number,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  assertBuilt();
  const publicUrl = env.APP_URL ?? `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/serve.mjs"), "-p", String(port)],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        // Production refuses to start without its public address (issue 24 §6).
        ...env,
        APP_URL: publicUrl,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const logs: LogLine[] = [];
  let text = "";
  let pending = "";
  const take = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Next's own banner lines are not JSON.
      }
    }
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  publicOrigins.set(url, new URL(publicUrl).origin);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited:\n${text}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server on ${port} never became ready:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    process: child,
    logs,
    output: () => text,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 40_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Each started instance's public origin (its APP_URL), which a proxy in front of it passes on. */
const publicOrigins = new Map<string, string>();

type Answer = { status: number; headers: Headers; text: string };

/**
 * One request to an instance as the school's proxy forwards it: to the instance's own address,
 * with the public `Host` (a school is found by its host, so the instance's port alone names no
 * school). Node's fetch will not send a `Host` of our choosing, so this uses `node:http`.
 */
function forward(
  url: URL,
  host: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method,
        headers: {
          ...init.headers,
          host,
          ...(init.body === undefined
            ? {}
            : { "content-length": String(Buffer.byteLength(init.body)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * A cookie-carrying HTTP client for one user, as a browser on the school's site would be: its
 * requests reach the instance with the school's public host, and its writes carry the Origin of
 * the page they come from (the instance's APP_URL unless `origin` names another).
 */
export class HttpClient {
  readonly jar = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(
    private base: string,
    private readonly origin?: string,
  ) {}

  use(base: string): this {
    this.base = base;
    return this;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const url = new URL(pathname, this.base);
    const publicOrigin = publicOrigins.get(url.origin) ?? url.origin;
    const res = await forward(url, new URL(publicOrigin).host, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: this.origin ?? publicOrigin }),
        ...(this.jar.size > 0
          ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ") }
          : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let parsed: unknown = res.text;
    try {
      parsed = res.text ? JSON.parse(res.text) : null;
    } catch {
      // HTML or text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}

/** One statement batch on the server's maintenance database (create or drop a test's database). */
export async function withAdminClient<T>(
  connectionString: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
