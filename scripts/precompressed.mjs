// The build's scripts and style sheets as brotli, for `npm start` (scripts/serve.mjs): a GET or
// HEAD of a file that `npm run build` precompressed (scripts/precompress.mjs lists them in
// `.next/precompressed.json`), from a browser that accepts brotli, is answered with the `.br`
// file. Everything else (no list, another file, a browser without brotli) is left to Next, which
// gzips on the fly as before. Decision 0064.
//
// Only names on the build's list are served, as written there (a path with `..` or
// percent-escapes is never on it); `send` answers conditional and range requests and HEAD as Next
// does for its static files, and the headers are Next's for the same file: its type, a year's
// immutable caching, the security headers of every answer, and `Vary: Accept-Encoding`.
import { readFileSync } from "node:fs";
import path from "node:path";
import Negotiator from "negotiator";
import send from "send";

const STATIC_PREFIX = "/_next/static/";
/** The Content-Type Next gives these files. */
const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/**
 * The handler for a build folder (`.next`): true when it takes the request, false when the request
 * is Next's. `next` is called when a listed file cannot be read after all (a build replaced under
 * a running server), before anything was sent, so that Next answers as it would have.
 * @param {string} distDir
 * @param {{ key: string; value: string }[]} headers set on every answer (next.config.mjs)
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: () => void) => boolean}
 */
export function precompressedAssets(distDir, headers) {
  const files = readList(path.join(distDir, "precompressed.json"));
  const root = path.join(distDir, "static");
  return (req, res, next) => {
    if (files.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!pathname.startsWith(STATIC_PREFIX)) return false;
    const name = pathname.slice(STATIC_PREFIX.length);
    const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(name))];
    if (!type || !files.has(name)) return false;
    if (new Negotiator(req).encoding(["br"]) !== "br") return false;

    send(req, `${name}.br`, { root, index: false, maxAge: "1y", immutable: true })
      .on("headers", (response) => {
        for (const { key, value } of headers) response.setHeader(key, value);
        response.setHeader("Content-Type", type);
        response.setHeader("Content-Encoding", "br");
        response.setHeader("Vary", "Accept-Encoding");
      })
      .on("error", (/** @type {Error} */ error) => {
        if (res.headersSent) {
          res.destroy(error);
          return;
        }
        // Nothing sent yet, but this file's headers may be set: Next starts from none.
        for (const header of res.getHeaderNames()) res.removeHeader(header);
        next();
      })
      .pipe(res);
    return true;
  };
}

/** The build's list, or none: a build made without the step serves everything through Next. */
function readList(file) {
  try {
    const list = JSON.parse(readFileSync(file, "utf8"));
    return new Set(Array.isArray(list) ? list.filter((name) => typeof name === "string") : []);
  } catch {
    return new Set();
  }
}
