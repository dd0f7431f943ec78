import { describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEnv } from "@/lib/env";

describe("environment", () => {
  it("defaults to the embedded database, Lusaka time and auto setup", () => {
    const env = loadEnv({ NODE_ENV: "test", PGLITE_DATA_DIR: "memory://" });
    expect(env.embedded).toBe(true);
    expect(env.DB_AUTO_SETUP).toBe(true);
    expect(env.SCHOOL_TIMEZONE).toBe("Africa/Lusaka");
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("defaults APP_URL to this machine at PORT outside production, and requires it in production (issue 24 §6)", () => {
    expect(loadEnv({ NODE_ENV: "development", PGLITE_DATA_DIR: "memory://" }).APP_URL).toBe(
      "http://localhost:3000",
    );
    expect(
      loadEnv({ NODE_ENV: "development", PGLITE_DATA_DIR: "memory://", PORT: "4100" }).APP_URL,
    ).toBe("http://localhost:4100");
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) } as const;
    expect(() => loadEnv(production)).toThrow(/APP_URL is required in production/);
    // `next build` runs with NODE_ENV=production too, but serves nobody: it needs no address.
    expect(() => loadEnv({ ...production, NEXT_PHASE: "phase-production-build" })).not.toThrow();
    expect(() => loadEnv({ ...production, APP_URL: "canteen.school.zm" })).toThrow(
      /APP_URL must be the app's public address/,
    );
    expect(() => loadEnv({ ...production, APP_URL: "ftp://canteen.school.zm" })).toThrow(
      /APP_URL must be the app's public address/,
    );
    expect(loadEnv({ ...production, APP_URL: "https://canteen.school.zm" }).secureCookies).toBe(
      true,
    );
  });

  it("requires SESSION_SECRET in production on PostgreSQL", () => {
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        APP_URL: "https://canteen.school.zm",
        DATABASE_URL: "postgresql://u@127.0.0.1:5432/db",
      }),
    ).toThrow(/SESSION_SECRET is required/);
  });

  it("refuses a short SESSION_SECRET and a bad time zone", () => {
    expect(() => loadEnv({ NODE_ENV: "test", SESSION_SECRET: "short" })).toThrow(/32 characters/);
    expect(() => loadEnv({ NODE_ENV: "test", SCHOOL_TIMEZONE: "Mars/Olympus" })).toThrow(
      /time zone/,
    );
  });

  it("generates one development secret and keeps it in the data folder", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "canteen-env-"));
    const dataDir = path.join(dir, "pglite");
    const first = loadEnv({ NODE_ENV: "development", PGLITE_DATA_DIR: dataDir });
    const second = loadEnv({ NODE_ENV: "development", PGLITE_DATA_DIR: dataDir });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
  });

  it("makes cookies Secure only when the portal is served over https", () => {
    expect(loadEnv({ NODE_ENV: "test", APP_URL: "https://canteen.school.zm" }).secureCookies).toBe(
      true,
    );
    expect(loadEnv({ NODE_ENV: "test", APP_URL: "http://localhost:3000" }).secureCookies).toBe(
      false,
    );
  });

  it("names the mobile-money operators as DPO's defaults unless configured", () => {
    const defaults = loadEnv({ NODE_ENV: "test", PGLITE_DATA_DIR: "memory://" });
    expect(defaults).toMatchObject({
      DPO_MNO_AIRTEL: "AirtelZM",
      DPO_MNO_MTN: "MTNZM",
      DPO_MNO_COUNTRY: "zambia",
      MOBILE_MONEY_WAIT_SECONDS: 180,
    });
    const set = loadEnv({
      NODE_ENV: "test",
      PGLITE_DATA_DIR: "memory://",
      DPO_MNO_AIRTEL: " AIRTELZM ",
      DPO_MNO_MTN: "",
      DPO_MNO_COUNTRY: "Zambia",
      MOBILE_MONEY_WAIT_SECONDS: "20",
    });
    expect(set).toMatchObject({
      DPO_MNO_AIRTEL: "AIRTELZM",
      DPO_MNO_MTN: "MTNZM",
      DPO_MNO_COUNTRY: "Zambia",
      MOBILE_MONEY_WAIT_SECONDS: 20,
    });
    expect(() => loadEnv({ NODE_ENV: "test", MOBILE_MONEY_WAIT_SECONDS: "5" })).toThrow(
      /MOBILE_MONEY_WAIT_SECONDS/,
    );
  });
});
