// The tests that run the production build as real server processes (tests/production): headers,
// cookies and graceful shutdown on one instance, and two instances on one PostgreSQL. They need
// `npm run build` first; `npm test` runs them after the Playwright journeys, which build.
import base from "./jest.config.mjs";

const integration = base.projects.find((p) => p.displayName === "integration");

/** @type {import('jest').Config} */
export default {
  ...integration,
  displayName: "production",
  testMatch: ["<rootDir>/tests/production/**/*.test.ts"],
  setupFiles: [],
  setupFilesAfterEnv: [],
  testTimeout: 300_000,
  maxWorkers: 1,
};
