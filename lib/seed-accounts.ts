// The demo accounts the seed creates in development (listed in the README too).
export const DEMO_ACCOUNTS = {
  parent: { username: "demo.parent", password: "demo-parent", name: "Demo Parent" },
  teacher: { username: "demo.teacher", password: "demo-teacher", name: "Demo Teacher" },
} as const;
