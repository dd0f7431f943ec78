// Jest runs TypeScript through SWC, as native ES modules (node --experimental-vm-modules, set in
// the npm script) so that Prisma 7's generated client and PGlite's wasm loader work unchanged.
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "es6" },
  },
];

const shared = {
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  transform: { "^.+\\.(t|j)sx?$": swc },
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/support/empty-module.js",
    "^@/(.*)$": "<rootDir>/$1",
    // Relative ".js" imports of TypeScript sources; not libphonenumber-js's "x.json.js" modules.
    "^(\\.{1,2}/.*)(?<!\\.json)\\.js$": "$1",
  },
};

/** @type {import('jest').Config} */
const config = {
  // A global option (Jest ignores it inside a project). Tests assert behaviour, not speed (speed
  // is measured by the benchmark scripts): a loaded machine hashing passwords with argon2, or a
  // file's first query migrating its fresh database, must not fail a test at Jest's 5 s default.
  testTimeout: 30_000,
  // Every core (decision 0065): Jest's default leaves one for itself, which on a 2-core machine
  // ran the files one at a time. Each file has its own database, so files never share state.
  maxWorkers: "100%",
  // A worker that has finished took 0.86-0.91 s from Jest's "end" to its exit in a full run, with
  // no handle open (it frees its PGlite on the way out): Jest's 0.5 s default killed it and warned
  // of a leak that was not there. A real leak still shows, 5 s later.
  workerGracefulExitTimeout: 5_000,
  // Each worker runs about a hundred files, and what they leave on its heap (the module registries
  // of ESM test files) adds up: in a clean-clone run on 2026-11-29 one worker passed 9 GB resident
  // and crashed with V8's "heap out of memory" in the middle of a component file. A worker whose
  // heap is above this after a file is replaced by a fresh one before the next.
  workerIdleMemoryLimit: "1.5GB",
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/unit/**/*.test.ts"],
      setupFiles: ["<rootDir>/tests/support/server-env.ts"],
    },
    {
      ...shared,
      displayName: "integration",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      setupFiles: ["<rootDir>/tests/support/server-env.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/support/server-setup.ts"],
      // One migrated and seeded database per run, each file's a copy of it (decision 0124).
      globalSetup: "<rootDir>/tests/support/db-template.mjs",
      globalTeardown: "<rootDir>/tests/support/db-template-teardown.mjs",
    },
    {
      ...shared,
      displayName: "components",
      testEnvironment: "jsdom",
      moduleNameMapper: {
        "^next/image$": "<rootDir>/tests/support/next-image.tsx",
        ...shared.moduleNameMapper,
      },
      testMatch: ["<rootDir>/tests/components/**/*.test.tsx"],
      setupFilesAfterEnv: [
        "<rootDir>/tests/support/dom-setup.ts",
        "<rootDir>/tests/support/dom-polyfills.ts",
      ],
    },
  ],
};

export default config;
