// Starts the production build as a child process with the command `npm start` runs (`node
// scripts/serve.mjs`, with only the variables a test gives it), the way an operator runs it, and
// talks to it over real HTTP. Used by the tests that need a real server: headers, cookies, the
// caller's address, graceful shutdown, and several instances on one database.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

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
        APP_URL: `http://localhost:${port}`,
        ...env,
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

/**
 * A cookie-carrying HTTP client for one user, as a browser on the school's site would be: its
 * writes carry the Origin of the page they come from, the server's own address unless `origin`
 * names the public one (APP_URL behind a TLS proxy).
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
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: this.origin ?? url.origin }),
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
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // HTML or text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}
