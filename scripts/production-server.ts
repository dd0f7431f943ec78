// The production build served for the page measurements (`npm run lighthouse`, `npm run
// bundle-size`) as `npm start` serves it (`scripts/serve.mjs`, with the precompressed scripts of
// decision 0064), on a free port with a fresh embedded database under .data/ seeded with the demo
// accounts (removed on stop), or the server at a given address. And a demo sign-in.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "./bench/proc";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Debian's Chromium on a closed network: no background traffic, no sandbox (containers). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export type Served = { base: string; stop: () => Promise<void> };

/** The server at `url` when given (left running), else the build in .next started here. */
export async function serveBuild(url: string | undefined, name: string): Promise<Served> {
  if (url) return { base: url.replace(/\/+$/, ""), stop: async () => {} };
  return startServer(name);
}

async function waitForHealth(base: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited\n${log()}`);
    try {
      const res = await fetch(`${base}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not become ready in 120 s\n${log()}`);
}

async function startServer(name: string): Promise<Served> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next: run `npm run build` first.");
  }
  const port = await freePort();
  const dataDir = path.join(ROOT, ".data", `${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const base = `http://localhost:${port}`;
  const server = spawn(
    process.execPath,
    [path.join(ROOT, "scripts", "serve.mjs"), "-p", `${port}`],
    {
      cwd: ROOT,
      detached: true,
      stdio: "pipe",
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_MANUAL_SIG_HANDLE: "true",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
        SESSION_SECRET: "page-measure-session-secret-0123456789abcdef",
        APP_URL: base,
        SEED_DEMO: "1",
        SEED_SUPERADMIN_PASSWORD: "page-measure-superadmin",
        PAYMENT_PROVIDER: "sandbox",
        PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "1",
      },
    },
  );
  let output = "";
  server.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null && server.pid !== undefined) {
      const exited = new Promise<void>((r) => server.once("exit", () => r()));
      process.kill(-server.pid, "SIGTERM");
      const timer = setTimeout(() => server.pid && process.kill(-server.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Signs in through POST /api/login; the session cookie's name and value. */
export async function signIn(
  base: string,
  account: { username: string; password: string },
): Promise<{ name: string; value: string }> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  const cookie = res.headers.getSetCookie()[0];
  if (!res.ok || !cookie) throw new Error(`login as ${account.username} failed: ${res.status}`);
  const [pair = ""] = cookie.split(";");
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}
