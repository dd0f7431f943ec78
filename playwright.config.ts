import { defineConfig, devices } from "@playwright/test";

// End-to-end journeys on the production build, in Debian's Chromium (Playwright cannot download
// its own browsers here). The server runs on a fresh embedded database in .data/e2e with the demo
// accounts, and sends mail to the fake SMTP server the tests start on SMTP_PORT (SMS to the fake
// Africa's Talking on SMS_PORT).
const PORT = Number(process.env.E2E_PORT ?? 3200);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The fake Africa's Talking a journey starts when it texts a parent (issue 48). */
export const SMS_PORT = Number(process.env.E2E_SMS_PORT ?? SMTP_PORT + 10);
export const SMS_ACCOUNT = { username: "canteen", apiKey: "at-test-key" };
export const SUPERADMIN_PASSWORD = "e2e-superadmin-pass";
export const PLATFORM_PASSWORD = "e2e-platform-password";
export const E2E_PORT = PORT;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "phone",
      use: {
        ...devices["Pixel 5"],
        viewport: { width: 360, height: 740 },
        browserName: "chromium",
      },
    },
    {
      name: "laptop",
      use: { browserName: "chromium", viewport: { width: 1366, height: 768 } },
    },
  ],
  webServer: {
    command: `rm -rf .data/e2e && npm run build && npm start -- -p ${PORT}`,
    url: `http://localhost:${PORT}/api/health`,
    // The build runs first (several minutes on a slow shared 2-core machine, before the server
    // listens): the time-out is for a command that hangs, not for a slow build.
    timeout: 900_000,
    // Locally an already running server on the port is reused (start it with the env below).
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    env: {
      LOG_LEVEL: "warn",
      PGLITE_DATA_DIR: ".data/e2e/pglite",
      APP_URL: `http://localhost:${PORT}`,
      SEED_DEMO: "1",
      SEED_SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD,
      SEED_PLATFORM_PASSWORD: PLATFORM_PASSWORD,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Tuckshop <no-reply@school.test>",
      DATABASE_URL: "",
      // The production build pays through the built-in sandbox in the tests.
      PAYMENT_PROVIDER: "sandbox",
      PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "1",
      // The mobile-money waiting screen gives up after 30 s here (3 minutes in production).
      MOBILE_MONEY_WAIT_SECONDS: "30",
      // SMS through a fake Africa's Talking that a journey starts on SMS_PORT (issue 48).
      SMS_PROVIDER: "africastalking",
      AT_USERNAME: SMS_ACCOUNT.username,
      AT_API_KEY: SMS_ACCOUNT.apiKey,
      AT_API_URL: `http://127.0.0.1:${SMS_PORT}`,
      AT_CALLBACK_SECRET: "e2e-sms-callback-secret",
    },
  },
});
