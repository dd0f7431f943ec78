import { describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import path from "node:path";

// Issue 24 §6: `npm start` without its public address would answer card payments with a 502 and
// log nothing useful. It stops before anything starts, and says why.

function serve(appUrl: string | undefined) {
  return spawnSync(process.execPath, [path.join(process.cwd(), "scripts/serve.mjs"), "-p", "1"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      ...(appUrl === undefined ? {} : { APP_URL: appUrl }),
    },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("npm start's APP_URL check", () => {
  it("stops with a clear message when APP_URL is missing", () => {
    const run = serve(undefined);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Cannot start: APP_URL is required in production");
  });

  it("stops with a clear message when APP_URL is malformed", () => {
    const run = serve("canteen.school.zm");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("APP_URL must be the app's public address");
  });
});
