// What scripts/bench/capacity-seed.ts hands the capacity run (`npm run bench:capacity`): one
// school's address, people and signed-in browsers, as a JSON file per school.
import path from "node:path";

export type CapacityParent = { cookie: string; studentId: number };

export type CapacitySchool = {
  /** k of s<k>.bench.localhost: the school's place in the run. */
  index: number;
  schoolId: number;
  host: string;
  /** The school's superadmin's signed-in browser (the office's screens). */
  admin: string;
  /** Every parent's signed-in browser, and their first child. */
  parents: CapacityParent[];
  /** Indexes into `parents`: a 100% code, 2000.00 of credit, card, mobile money. */
  free: number[];
  credit: number[];
  card: number[];
  mobile: number[];
  /** The parents' usernames (same order), which sign in with PARENT_PASSWORD. */
  usernames: string[];
  cycleId: number;
  /** Days nobody has ordered yet (week 4): the evening's orders and payments go there. */
  openDays: { weekNumber: number; dayOfWeek: number }[];
  meal: { id: number; price: string; category: string; sideDish: string };
  cartItemIds: number[];
};

export const PARENT_PASSWORD = "bench-parent-password";
export const ADMIN_PASSWORD = "bench-superadmin-password";
export const schoolHost = (k: number) => `s${k}.bench.localhost`;
export const fixturesFile = (dir: string, k: number) => path.join(dir, `s${k}.json`);
