// docs/benchmarks.md: the server part of it, between two markers, is rewritten with each run's
// figures; everything outside them (the Pages section of issue 8, for one) is kept as it is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import type { BenchFixtures } from "./fixtures";
import type { Load } from "./load";
import { ROOT } from "./proc";

export const CONNECTIONS = [20, 100] as const;

/** The reference row: Next.js itself with no session and no database (no target). */
export const REFERENCE = "Next.js floor";

/** Issue 20's targets, restated against the stack's own floor (the REFERENCE row of the same run). */
export const TARGETS = {
  /** Menu read at 20 connections: at least this share of the floor's req/s, both databases. */
  menuFloorRatio: 0.6,
  menuP99At20: 100,
  /** Every parent call at 100 connections on PostgreSQL: p99 under this, no errors. */
  parentP99At100: 400,
  /** Peak RSS of the server process through the run, on PostgreSQL. */
  rssBytes: 400 * 1024 ** 2,
};

export type EndpointResult = {
  name: string;
  request: string;
  runs: {
    app: Load & { cpuMsPerRequest: number; dbCpuMsPerRequest: number | null };
    bare?: Load;
  }[];
  note?: string;
  /** The server's peak RSS from its start to the end of this call's runs. */
  peakRssSoFar?: number;
};
export type Measured = {
  kind: "measured";
  database: string;
  detail: string;
  seedSeconds: number;
  idleRss: number;
  peakRss: number;
  endpoints: EndpointResult[];
  people: BenchFixtures;
};
export type DbResult = Measured | { kind: "skipped"; database: string; skipped: string };

const START = "<!-- bench:server:start (written by npm run bench) -->";
const END = "<!-- bench:server:end -->";

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const n0 = (n: number) => n.toFixed(0);

/** The calls a parent's phone makes; the admin screens' calls are measured without a target. */
export const PARENT_CALLS = new Set([
  "Menu read",
  "Order history",
  "Cart validation",
  "Free order placement",
  "Card payment creation",
  "Mobile payment creation",
  "Credit checkout",
]);

const isPostgres = (result: Measured) => result.database === "PostgreSQL";

/** The floor's req/s at the same number of connections in the same run. */
function floorAt(result: Measured, connections: number): number | undefined {
  const floor = result.endpoints.find((e) => e.name === REFERENCE);
  return floor?.runs.find((r) => r.app.connections === connections)?.app.rps;
}

/** Why one measurement misses its target ([] when met or not judged), and whether it is judged. */
function judge(result: Measured, name: string, app: Load): { judged: boolean; missed: string[] } {
  const missed: string[] = [];
  let judged = false;
  if (name === "Menu read" && app.connections === 20) {
    judged = true;
    const floor = floorAt(result, 20);
    const ratio = floor ? app.rps / floor : 0;
    if (ratio < TARGETS.menuFloorRatio) {
      missed.push(`${ratio.toFixed(2)} of the floor (target ${TARGETS.menuFloorRatio})`);
    }
    if (app.p99 >= TARGETS.menuP99At20) missed.push(`p99 ${app.p99} ms (target < 100)`);
  }
  if (PARENT_CALLS.has(name) && app.connections === 100 && isPostgres(result)) {
    judged = true;
    if (app.p99 >= TARGETS.parentP99At100) {
      missed.push(`p99 ${app.p99} ms (target < ${TARGETS.parentP99At100})`);
    }
    if (app.errors + app.non2xx > 0) {
      missed.push(`${app.errors} errors, ${app.non2xx} unexpected non-2xx`);
    }
  }
  return { judged, missed };
}

/** Every target this result misses, one line each. */
function misses(result: Measured): string[] {
  const out: string[] = [];
  for (const e of result.endpoints) {
    for (const { app } of e.runs) {
      const at = `${result.database}, ${e.name} at ${app.connections} connections`;
      for (const m of judge(result, e.name, app).missed) out.push(`${at}: ${m}`);
    }
  }
  if (isPostgres(result) && result.peakRss > TARGETS.rssBytes)
    out.push(`${result.database}: peak RSS ${mb(result.peakRss)}`);
  return out;
}

function table(result: Measured): string {
  const rows: string[] = [];
  for (const e of result.endpoints) {
    for (const { app, bare } of e.runs) {
      const ratio = bare ? (app.rps / bare.rps).toFixed(2) : "–";
      const floor = floorAt(result, app.connections);
      const ofFloor = floor && e.name !== REFERENCE ? (app.rps / floor).toFixed(2) : "–";
      const { judged, missed } = judge(result, e.name, app);
      const met = !judged ? "–" : missed.length === 0 ? "met" : "**missed**";
      rows.push(
        `| ${e.name} | ${app.connections} | ${n0(app.rps)} | ${app.p50} | ${app.p99} | ` +
          `${app.cpuMsPerRequest.toFixed(2)} | ` +
          `${app.dbCpuMsPerRequest === null ? "–" : app.dbCpuMsPerRequest.toFixed(2)} | ` +
          `${app.errors} | ${app.non2xx}${app.expected ? ` (+${app.expected} × 409)` : ""} | ` +
          `${ofFloor} | ${bare ? n0(bare.rps) : "–"} | ${ratio} | ${met} |`,
      );
    }
  }
  return [
    "| Call | Conn. | req/s | p50 ms | p99 ms | CPU ms/req | DB CPU ms/req | Errors | Non-2xx | ÷ floor | Bare req/s | ÷ bare | Target |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |",
    ...rows,
  ].join("\n");
}

function section(results: DbResult[], started: Date, o: Options): string {
  const cpus = os.cpus();
  const measured = results.find((r): r is Measured => r.kind === "measured");
  const lines = [
    START,
    "",
    "## Server",
    "",
    "The portal under the 07:45 rush (issue 8, Benchmarks): the calls a morning of parents makes, and",
    "the admin screens the kitchen and the office have open, with 50,000 orders in the cycle.",
    "Produced by `npm run bench` (`scripts/bench.ts`, `scripts/bench/`); timing is kept out of the tests.",
    "",
    "Targets (issue 20, against the stack's own floor): the menu read at 20 connections reaches at",
    "least 0.6 of the Next.js floor's req/s (`GET /api/health` in the same run) with p99 under 100 ms,",
    "on both databases; at 100 connections on PostgreSQL every parent call (menu, order history,",
    "cart validation, free orders, card and mobile payment creation, credit checkout) has p99 under",
    "400 ms with no errors; the server's peak RSS through the run stays at most 400 MB on",
    "PostgreSQL. The admin calls are measured without a target.",
    "",
    "### Machine",
    "",
    `- CPU: ${cpus[0]?.model.trim() ?? "unknown"}, ${cpus.length} cores (shared with the load generator, the bare server and PostgreSQL)`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node.js ${process.version}, ${os.type()} ${os.release()} (${os.arch()})`,
    `- Date: ${started.toISOString()}`,
    "",
    "### Method",
    "",
    "- Each database is fresh: migrated and seeded with the deploy steps (`npm run db:migrate`,",
    "  `npm run db:seed` with `SEED_DEMO=0`), filled by `prisma/tools/seed-orders.ts` (800 parents,",
    "  1,200 students, 40 menu items, 50,000 orders in the active 4-week cycle, 24,000 of them live),",
    "  then given the benchmark's people by `scripts/bench/fixtures.ts`" +
      (measured
        ? `: ${measured.people.readers.length} seeded parents as readers, ${measured.people.free.length} parents with a child and a`
        : ":"),
    measured
      ? `  100% discount code (free orders), ${measured.people.paying.length} parents with a child and no code (card payments),`
      : "",
    measured
      ? `  ${measured.people.mobile.length} more such parents (mobile-money payments), ${measured.people.credit.length} with a child and 2000.00 of account credit (credit checkout), and`
      : "",
    "  superadmin. Each has a Session row and its sealed cookie, as a sign-in makes them; requests",
    "  rotate through the parents' cookies, so every request checks a different session.",
    "- The production build is served as `npm start` serves it (`MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 scripts/serve.mjs`,",
    "  the command of package.json; `NODE_ENV=production`, `LOG_LEVEL=info`: a JSON line per request,",
    "  `PAYMENT_PROVIDER=dpo`) on the same machine. The payment provider is the tests' fake DPO",
    "  (`tests/support/fake-dpo.ts`, API3G's XML over HTTP) in a process of its own",
    "  (`scripts/bench/fake-dpo-server.ts`), so its work is not counted as the app's.",
    `- autocannon 9 drives each call for ${o.warmupSeconds} s of warm-up at 10 connections, then ${o.seconds} s at 20`,
    `  and ${o.seconds} s at 100 connections (the kitchen's labels at 1 and 5: a kitchen prints them once or`,
    "  twice a morning). ÷ floor is the call's req/s over the Next.js floor's at the same connections.",
    "  CPU ms/req is the server process's CPU time (user and system, from `/proc`) over the run,",
    "  divided by its answers: what a call costs the app, whatever else the shared cores were doing.",
    "  DB CPU ms/req is the same for PostgreSQL's backends of the benchmark's database (their process",
    "  titles name it; a server on another machine shows –): the two together are what one answer",
    "  takes of the machine's two cores. The embedded database's work is inside the app's process.",
    `  Each read is then measured for ${o.bareSeconds} s against a bare`,
    "  `node:http` server (its own process, `scripts/bench/bare-server.ts`) answering the bytes the app",
    "  gave for the same request once, from memory: the ratio is app req/s over bare req/s.",
    "- Errors are socket errors and time-outs (10 s); Non-2xx counts any other answer, except a 409",
    "  on a free order, shown apart (a (child, day) slot asked again once all were used).",
    "- Free orders: each request is one meal for one child and one day after today, never asked",
    "  before; consecutive requests come from different parents. Card and mobile payment creation:",
    "  each request is a parent's first payment of a one-meal cart (a token from the fake DPO; for",
    "  mobile money also the push, ChargeTokenMobile); once every parent has one open, a parent asks",
    "  for another day, a changed cart, which verifies and cancels the open one first.",
    "- Kitchen labels: the A4 label sheets (PDF) of the cycle's busiest day, every live order of it.",
    "- Memory: the RSS of the server process, read from `/proc` every 200 ms from start to",
    "  stop; the peak is reported.",
    `- ${REFERENCE}: \`GET /api/health\`, which reads no session and no database, measured the same way:`,
    "  the most any route handler of this build can do on this machine (no target).",
    "",
    "### Results",
  ];
  for (const result of results) {
    lines.push("", `#### ${result.database}`, "");
    if (result.kind === "skipped") {
      lines.push(`Skipped: ${result.skipped}.`);
      continue;
    }
    lines.push(
      `${result.detail}. Seeding the 50,000 orders took ${result.seedSeconds.toFixed(1)} s. ` +
        `RSS of the server: ${mb(result.idleRss)} after start, peak ${mb(result.peakRss)} ` +
        // The RSS target is PostgreSQL's (issue 20); the embedded database's heap is in the process.
        (isPostgres(result)
          ? `(${result.peakRss <= TARGETS.rssBytes ? "met" : "**missed**"}).`
          : "(no target: the embedded database runs inside the server process)."),
      "",
      table(result),
      "",
      ...result.endpoints.filter((e) => e.note).map((e) => `- ${e.name}: ${e.note}.`),
      "- Peak RSS by the end of each call (the calls run in this order): " +
        result.endpoints
          .filter((e) => e.peakRssSoFar !== undefined)
          .map((e) => `${e.name} ${mb(e.peakRssSoFar ?? 0)}`)
          .join(", ") +
        ".",
    );
    const missed = misses(result);
    lines.push("", missed.length === 0 ? "Every target of this database met." : "Missed:", "");
    for (const m of missed) lines.push(`- ${m}`);
  }
  lines.push(
    "",
    "### Running it",
    "",
    "```sh",
    "npm run build   # once; the script builds when .next is missing",
    "npm run bench   # BENCH_ONLY=embedded|postgres for one database, BENCH_SECONDS=10,",
    '                # BENCH_CALLS="Menu read,Order history" for some calls only (and the floor)',
    '                # BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" for the server\'s node flags,',
    "                # BENCH_SERVER_LOG=/tmp/server.log to keep the server's whole output",
    "```",
    "",
    "It needs no configuration. The embedded database is a fresh folder under the system's temp",
    "folder; PostgreSQL is a fresh database `canteen_bench_<pid>` on",
    "`postgresql://postgres@127.0.0.1:5432` (`BENCH_POSTGRES_URL` to point elsewhere), created and",
    "dropped by the script and skipped with a note when the server does not answer. Both are",
    "removed at the end, and this section is rewritten with the new figures. A full run takes about",
    "a quarter of an hour.",
    "",
    END,
  );
  return lines.join("\n");
}

type Options = { seconds: number; bareSeconds: number; warmupSeconds: number };

/** Writes the server section into docs/benchmarks.md, keeping every other section as it is. */
export async function writeReport(
  results: DbResult[],
  started: Date,
  options: Options,
): Promise<{ missed: string[] }> {
  const file = path.join(ROOT, "docs", "benchmarks.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const server = section(results, started, options);
  let next: string;
  const a = old.indexOf(START);
  const b = old.indexOf(END);
  if (a >= 0 && b > a) {
    next = old.slice(0, a) + server + old.slice(b + END.length);
  } else {
    // First run with markers: the old server figures (everything before a Pages section, or the
    // whole file) give way to the new section; a Pages section is kept after it.
    const pages = /^## Pages/m.exec(old);
    next = `# Benchmarks\n\n${server}\n\n${pages ? old.slice(pages.index) : ""}`;
  }
  const markdown = await prettier.format(next, {
    ...(await prettier.resolveConfig(file)),
    filepath: file,
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, markdown);
  console.info("\n" + server);
  console.info("Written to docs/benchmarks.md");
  return { missed: results.flatMap((r) => (r.kind === "measured" ? misses(r) : [])) };
}
