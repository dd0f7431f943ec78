// `npm run long-tasks`: what the main thread's long tasks are made of on the Menu Calendar and the
// Cart (issue 20: Lighthouse's total blocking time). Not part of the tests; figures in
// docs/benchmarks.md.
//
// Lighthouse's mobile run simulates a CPU four times slower than the machine's, so a task of more
// than 12.5 ms here is a long one there, and what it adds to the blocking time is the part over
// 50 ms at that speed, counted from the first contentful paint. Each page is loaded signed in as
// demo.parent in Debian's Chromium at Lighthouse's phone size (412 × 823), unthrottled, with
// Chromium's trace (the tasks and the first paint) and its CPU profiler (what runs in each task)
// recording together. With a source-mapped build (`ANALYZE_MAPS=1 npm run build`) each sample is
// named by its source: the package, or the project's file; without one, by its chunk. The
// profiler's sampling slows the page down: LONG_TASKS_SAMPLING_US=100000 (every 100 ms) leaves the
// tasks close to their real length when comparing two builds (LONG_TASKS_URL: a running server).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium, type Browser } from "playwright-core";
import { CART_STORAGE_KEY } from "../lib/client/cart";
import type { CartItem } from "../lib/contracts";
import { cartLine, OPEN_CART } from "./demo-cart";
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, serveBuild, signIn } from "./production-server";

const SLOWDOWN = 4;
const LONG_MS = 50;
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 2);
const TOP = 4;
/** The profiler's sampling interval (µs); a large one leaves the tasks' durations as they are. */
const SAMPLING_US = Number(process.env.LONG_TASKS_SAMPLING_US ?? 100);
const PARENT = { username: "demo.parent", password: "demo-parent" };
const CHUNKS = path.join(ROOT, ".next", "static", "chunks");

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Profile = {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
type Load = { events: TraceEvent[]; profile: Profile };

// ---------------------------------------------------------------------------------------------
// Naming a sample

const maps = new Map<string, TraceMap | null>();

/** The chunk's source map, when the build wrote one (its name is in the chunk's last line). */
function mapOf(chunk: string): TraceMap | null {
  if (maps.has(chunk)) return maps.get(chunk) ?? null;
  let map: TraceMap | null = null;
  const file = path.join(CHUNKS, chunk);
  if (existsSync(file)) {
    const mapName = /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, "utf8"))?.[1];
    const mapFile = mapName && path.join(CHUNKS, mapName);
    if (mapFile && existsSync(mapFile)) map = new TraceMap(readFileSync(mapFile, "utf8"));
  }
  maps.set(chunk, map);
  return map;
}

/** A package ("react-dom", "@tanstack/query-core"), the project's file, or the runtime. */
function sourceName(source: string): string {
  if (source.startsWith("turbopack:///[turbopack]")) return "Turbopack's runtime";
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = source.slice(modules + "node_modules/".length);
    const compiled = /^next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/.exec(rest);
    if (compiled) return compiled[1] ?? rest;
    const parts = rest.split("/");
    return (rest.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
  }
  return source.replace(/^turbopack:\/\/\/\[project\]\//, "");
}

/**
 * The profiler gives each sample the position where its function starts. A module's factory
 * starts at Turbopack's wrapper, which has no mapping of its own: the next mapped position is the
 * module's first line, where the nearest one before it would be the previous module's last.
 */
function frameName(frame: CallFrame): string {
  const chunk = /\/_next\/static\/chunks\/([^?#]+)/.exec(frame.url)?.[1];
  if (!chunk) {
    const name = frame.functionName || "native code";
    return name.startsWith("(") ? name : `(${name})`;
  }
  const map = mapOf(chunk);
  if (!map) return chunk;
  const position = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
    bias: LEAST_UPPER_BOUND,
  });
  return position.source ? sourceName(position.source) : chunk;
}

// ---------------------------------------------------------------------------------------------
// One load

async function record(browser: Browser, base: string, cart: CartItem[] | null): Promise<Load> {
  const session = await signIn(base, PARENT);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addCookies([{ ...session, url: base }]);
    const page = await context.newPage();
    if (cart) {
      await page.goto(`${base}/api/health`);
      const stored = [CART_STORAGE_KEY, JSON.stringify(cart)] as const;
      await page.evaluate(([key, raw]) => localStorage.setItem(key, raw), stored);
      await page.addInitScript(OPEN_CART);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await cdp.send("Profiler.start");
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"],
    });
    // No polling of the page while it loads (Playwright's own scripts would be in the tasks):
    // the Cart tab is checked once the recording has stopped.
    await page.goto(`${base}/`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const { profile } = await cdp.send("Profiler.stop");
    if (cart && !(await page.getByRole("tab", { name: "Cart", selected: true }).isVisible())) {
      throw new Error("the Cart tab did not open");
    }
    return { events: trace.traceEvents, profile: profile as Profile };
  } finally {
    await context.close();
  }
}

/** The page's main thread: the renderer's main thread that ran the most tasks. */
function mainThread(events: TraceEvent[]): string {
  const renderers = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && renderers.has(key)) tasks.set(key, (tasks.get(key) ?? 0) + 1);
  }
  const [busiest] = [...tasks].sort((a, b) => b[1] - a[1]);
  if (!busiest) throw new Error("no renderer main thread in the trace");
  return busiest[0];
}

function report(name: string, run: number, { events, profile }: Load) {
  const main = mainThread(events);
  const tasks = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.name === "RunTask" && e.ph === "X")
    .filter((e) => (e.dur ?? 0) * SLOWDOWN > LONG_MS * 1000)
    .sort((a, b) => a.ts - b.ts);
  const paint = events.find(
    (e) => e.name === "firstContentfulPaint" && `${e.pid}` === main.split(":")[0],
  );
  const start = events.find((e) => e.name === "navigationStart")?.ts ?? tasks[0]?.ts ?? 0;
  const names = new Map(profile.nodes.map((n) => [n.id, frameName(n.callFrame)]));
  const samples: { ts: number; name: string; ms: number }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    ts += delta;
    samples.push({ ts, name: names.get(id) ?? "?", ms: delta / 1000 });
  });

  const ms = (us: number) => Math.round(us / 1000);
  let blocking = 0;
  // The same sum over the whole load, paint or not: where the paint falls moves large tasks in or
  // out of the first figure from one load to the next; this one compares builds more steadily.
  let overall = 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    const afterPaint = paint !== undefined && task.ts >= paint.ts;
    const excess = Math.max(0, (dur / 1000) * SLOWDOWN - LONG_MS);
    if (afterPaint) blocking += excess;
    overall += excess;
    const self = new Map<string, number>();
    for (const s of samples) {
      if (s.ts > task.ts && s.ts <= task.ts + dur) self.set(s.name, (self.get(s.name) ?? 0) + s.ms);
    }
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([source, t]) => `${source} ${t.toFixed(1)}`);
    lines.push(
      `  @${String(ms(task.ts - start)).padStart(5)} ms ${(dur / 1000).toFixed(1).padStart(6)} ms ` +
        `${afterPaint ? "after " : "before"} the paint: ${top.join(" · ")}`,
    );
  }
  const fcp = paint ? `${ms(paint.ts - start)} ms` : "not seen";
  console.log(
    `\n${name}, load ${run}: first contentful paint at ${fcp}; at ${SLOWDOWN}x slower, ` +
      `${Math.round(blocking)} ms of blocking time after it (${Math.round(overall)} ms in the whole load)`,
  );
  for (const line of lines) console.log(line);
}

async function main() {
  const served = await serveBuild(process.env.LONG_TASKS_URL, "long-tasks");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const session = await signIn(served.base, PARENT);
    const cart = await cartLine(served.base, `${session.name}=${session.value}`);
    for (const [name, line] of [
      ["Menu Calendar", null],
      ["Cart", cart],
    ] as const) {
      for (let run = 1; run <= RUNS; run += 1) {
        report(name, run, await record(browser, served.base, line));
      }
    }
    console.log(
      `\nEach task: when it started (from the navigation), how long it ran here, and its ${TOP} ` +
        "largest sources of self time in ms (the CPU profiler's samples inside it).",
    );
    if (![...maps.values()].some(Boolean)) {
      console.log("No source maps in .next: `ANALYZE_MAPS=1 npm run build` names the sources.");
    }
  } finally {
    await browser.close();
    await served.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
