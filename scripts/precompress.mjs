// `npm run build`'s last step: every script and style sheet of the build's static files
// (`.next/static`) is also written compressed with brotli at its best quality, next to itself
// (`<file>.br`), and the list of them is written to `.next/precompressed.json`. `npm start`
// (scripts/serve.mjs, scripts/precompressed.mjs) answers a browser that accepts brotli with those
// files; any other request for a static file is Next's, gzipped on the fly as before.
//
// Why (decision 0064): a parent's phone downloads the portal's scripts over a slow mobile network
// on the first visit and after each release. Brotli at quality 11 makes them about 13 % smaller
// than gzip at its best level (docs/benchmarks.md, issue 20), but it is far too slow to run per
// request; the files never change once built (their names carry their content's hash), so they
// are compressed once here.
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import pLimit from "p-limit";

/** What is precompressed: text the browser runs or styles with; fonts and images are compressed. */
const PRECOMPRESSED_EXTENSIONS = [".js", ".css"];
/** Below this, a compressed answer saves too little to be worth a file (compression's threshold). */
const MIN_BYTES = 1024;

const compress = promisify(brotliCompress);
const root = path.resolve(import.meta.dirname, "..");
const staticDir = path.join(root, ".next", "static");
const listFile = path.join(root, ".next", "precompressed.json");

async function main() {
  if (!existsSync(staticDir)) {
    console.error("No .next/static: run `next build` first.");
    process.exit(1);
  }
  const names = (await readdir(staticDir, { recursive: true })).map((name) =>
    name.split(path.sep).join("/"),
  );
  const present = new Set(names);
  // A previous build's compressed copies whose file this build no longer has.
  const stale = names.filter((name) => name.endsWith(".br") && !present.has(name.slice(0, -3)));
  await Promise.all(stale.map((name) => rm(path.join(staticDir, name))));

  const sources = names.filter((name) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(name)));
  const limit = pLimit(availableParallelism());
  const results = await Promise.all(sources.map((name) => limit(() => precompress(name))));
  const written = results.filter((r) => r !== null);
  await writeFile(listFile, `${JSON.stringify(written.map((r) => r.name).sort(), null, 1)}\n`);
  const sum = (key) => written.reduce((total, r) => total + r[key], 0);
  console.log(
    `Precompressed ${written.length} of ${sources.length} scripts and style sheets with brotli:` +
      ` ${kb(sum("bytes"))} → ${kb(sum("brBytes"))} (.next/precompressed.json)`,
  );
}

/** Writes `<name>.br`; null (and no copy) when the file is too small or brotli would not help. */
async function precompress(name) {
  const file = path.join(staticDir, name);
  const bytes = await readFile(file);
  const none = async () => {
    await rm(`${file}.br`, { force: true });
    return null;
  };
  if (bytes.length < MIN_BYTES) return none();
  const br = await compress(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  if (br.length >= bytes.length) return none();
  await writeFile(`${file}.br`, br);
  return { name, bytes: bytes.length, brBytes: br.length };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

await main();
