// `npm run bundle-size`: the client JavaScript the parent and teacher screens download (issue 8,
// "Pages"; issue 20): budget 165 kB gzipped each, and no admin-only code (the admin console, its sections,
// TanStack Table) in what a parent or teacher downloads. Exit code 1 when either is broken.
//
// Measured, not estimated: the production build (`npm run build` first; or the server at
// BUNDLE_SIZE_URL) is loaded in Debian's Chromium at a phone's size, signed in as demo.parent and
// as demo.teacher, until the network is idle; every JavaScript response of the page is gzipped
// here (level 9, the same for every file whatever the server sent) and summed. Chunks fetched
// later on demand (a dialog opened, another tab's code) are not part of the first load and are not
// counted; the admin markers are checked in every chunk the page loaded.
//
// The screens fetch what offline use needs beyond the first paint (Order History, repeat planning)
// once the browser is idle after the load, and set a User Timing mark as they start
// (lib/client/idle-prefetch.ts). Every script requested before that mark is the first load and
// counts against the budget; the ones requested from the mark on are listed and summed apart, as
// "after idle". A script whose request time is unknown counts as first load.
//
// Also printed, not held to the budget: the bytes the server actually sent for the first load, as
// Chromium received them (brotli from `npm start` since decision 0064; gzip from Next alone).
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "playwright-core";
import { IDLE_PREFETCH_MARK } from "../lib/client/idle-prefetch";
import { CHROMIUM, CHROMIUM_FLAGS, serveBuild, signIn, type Served } from "./production-server";

const BUDGET_BYTES = 165 * 1000;

const ACCOUNTS = [
  { screen: "Parent dashboard (/)", username: "demo.parent", password: "demo-parent" },
  { screen: "Teacher portal (/)", username: "demo.teacher", password: "demo-teacher" },
];

// Text that only admin-only code contains: TanStack Table's API (admin tables only) and the
// section titles and headings of the admin console (spec 001), which no parent or teacher screen
// shows. Checked in the minified chunks, where string literals and export names survive.
const ADMIN_MARKERS = [
  "getCoreRowModel",
  "getPaginationRowModel",
  "Live Orders",
  "Order Recovery",
  "Pending Payments",
  "Fat Chef View",
  "Revenue Stats",
  "Refund Management",
];

type Script = {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** The body as sent over the network, and how it was encoded. */
  sentBytes: number;
  encoding: string;
};
type ScreenResult = {
  screen: string;
  /** Requested before the idle prefetch started: the first load, held to the budget. */
  scripts: Script[];
  gzipBytes: number;
  /** Requested from the idle prefetch on. */
  afterIdle: Script[];
  afterIdleGzipBytes: number;
  adminMarkers: string[];
};

/** When the idle prefetch started (ms since navigation), and when each resource was requested. */
async function requestTimes(page: Page) {
  // The prefetch starts once the browser is idle after the load: wait for its mark, then until no
  // new script has been requested for a second.
  await page
    .waitForFunction(
      (mark) => performance.getEntriesByName(mark, "mark").length > 0,
      IDLE_PREFETCH_MARK,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  const resources = () => page.evaluate(() => performance.getEntriesByType("resource").length);
  for (let before = -1, now = await resources(); now !== before; now = await resources()) {
    before = now;
    await page.waitForTimeout(1000);
  }
  return page.evaluate((mark) => {
    const idle = performance.getEntriesByName(mark, "mark")[0]?.startTime ?? null;
    const starts = performance
      .getEntriesByType("resource")
      .map((e) => [new URL(e.name).pathname, e.startTime] as const);
    return { idle, starts };
  }, IDLE_PREFETCH_MARK);
}

async function measure(browser: Browser, served: Served, account: (typeof ACCOUNTS)[number]) {
  const session = await signIn(served.base, account);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addCookies([{ ...session, url: served.base, httpOnly: true }]);
  const page = await context.newPage();
  const bodies = new Map<string, Promise<[Buffer, number, string]>>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || /\.m?js(\?|$)/.test(new URL(response.url()).pathname)) {
      const encoding = response.headers()["content-encoding"] ?? "identity";
      const sent = response.request().sizes();
      bodies.set(
        response.url(),
        Promise.all([response.body(), sent]).then(([body, sizes]) => [
          body,
          sizes.responseBodySize,
          encoding,
        ]),
      );
    }
  });
  await page.goto(`${served.base}/`, { waitUntil: "networkidle" });
  const { idle, starts } = await requestTimes(page);
  const startOf = new Map(starts);
  const scripts: Script[] = [];
  const afterIdle: Script[] = [];
  const found = new Set<string>();
  for (const [url, body] of bodies) {
    const [bytes, sentBytes, encoding] = await body;
    const text = bytes.toString("utf8");
    for (const marker of ADMIN_MARKERS) if (text.includes(marker)) found.add(marker);
    const path = new URL(url).pathname;
    const start = startOf.get(path);
    const late = idle !== null && start !== undefined && start >= idle;
    (late ? afterIdle : scripts).push({
      url: path,
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      sentBytes,
      encoding,
    });
  }
  await context.close();
  const bySize = (a: Script, b: Script) => b.gzipBytes - a.gzipBytes;
  const sum = (list: Script[]) => list.reduce((total, s) => total + s.gzipBytes, 0);
  return {
    screen: account.screen,
    scripts: scripts.sort(bySize),
    gzipBytes: sum(scripts),
    afterIdle: afterIdle.sort(bySize),
    afterIdleGzipBytes: sum(afterIdle),
    adminMarkers: [...found],
  } satisfies ScreenResult;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  const served = await serveBuild(process.env.BUNDLE_SIZE_URL, "bundle-size");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const results: ScreenResult[] = [];
  try {
    for (const account of ACCOUNTS) results.push(await measure(browser, served, account));
  } finally {
    await browser.close();
    await served.stop();
  }

  const failures: string[] = [];
  for (const r of results) {
    const line = (s: Script) =>
      console.log(`  ${kb(s.gzipBytes).padStart(9)}  (${kb(s.bytes).padStart(9)} raw)  ${s.url}`);
    console.log(`\n${r.screen}: ${kb(r.gzipBytes)} gzipped in ${r.scripts.length} scripts`);
    r.scripts.forEach(line);
    const encodings = [...new Set(r.scripts.map((s) => s.encoding))].join(", ");
    const sent = r.scripts.reduce((total, s) => total + s.sentBytes, 0);
    console.log(`  as the server sent them: ${kb(sent)} (${encodings})`);
    console.log(
      `  then after idle: ${kb(r.afterIdleGzipBytes)} in ${r.afterIdle.length} scripts` +
        ` (${kb(r.gzipBytes + r.afterIdleGzipBytes)} in all until the network is idle)`,
    );
    r.afterIdle.forEach(line);
    if (r.gzipBytes > BUDGET_BYTES) {
      failures.push(`${r.screen}: ${kb(r.gzipBytes)} is over ${kb(BUDGET_BYTES)}`);
    }
    if (r.adminMarkers.length > 0) {
      failures.push(`${r.screen}: admin-only code loaded (${r.adminMarkers.join(", ")})`);
    }
  }
  if (failures.length > 0) {
    console.error(`\nBudget broken:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery screen at most ${kb(BUDGET_BYTES)} gzipped, no admin-only code.`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
