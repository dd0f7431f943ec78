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
