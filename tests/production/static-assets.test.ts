import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startServer, type RunningServer } from "@/tests/production/server";

// The build's scripts and style sheets as a parent's phone downloads them (decision 0064): brotli,
// precompressed by `npm run build`, to a browser that accepts it; gzip, as Next sends it, to one
// that does not. The same bytes either way, with Next's caching and the security headers.

const PORT = 3551;
const CHROMIUM_ENCODINGS = "gzip, deflate, br, zstd";
const staticDir = path.join(process.cwd(), ".next", "static");
const dataDir = mkdtempSync(path.join(tmpdir(), "canteen-static-"));
let server: RunningServer;
let script: string;
let styles: string;

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** The answer's bytes as sent (fetch would decode them). */
function raw(method: string, pathname: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await startServer(PORT, {
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    SESSION_SECRET: "static-assets-test-secret-of-40-chars!!!",
    SEED_SUPERADMIN_PASSWORD: "prod-superadmin-pass",
  });
  const page = (await raw("GET", "/login", { "accept-encoding": "identity" })).body.toString();
  // The login page's largest script and its style sheet: what a phone fetches first.
  const scripts = [...page.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = await Promise.all(
    scripts.map(async (s) => (await raw("GET", s, { "accept-encoding": "identity" })).body.length),
  );
  script = scripts[sizes.indexOf(Math.max(...sizes))]!;
  styles = /href="(\/_next\/static\/[^"]+\.css)"/.exec(page)![1]!;
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the build's scripts and style sheets", () => {
  it.each([
    ["script", () => script, "application/javascript; charset=UTF-8"],
    ["style sheet", () => styles, "text/css; charset=UTF-8"],
  ])(
    "a %s comes as brotli to a browser that accepts it: the same bytes, smaller",
    async (_, file, type) => {
      const plain = await raw("GET", file(), { "accept-encoding": "identity" });
      const br = await raw("GET", file(), { "accept-encoding": CHROMIUM_ENCODINGS });
      const gzip = await raw("GET", file(), { "accept-encoding": "gzip, deflate" });

      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(gzip.body.length);

      for (const answer of [br, plain]) {
        expect(answer.headers["content-type"]).toBe(type);
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(answer.headers["vary"]).toContain("Accept-Encoding");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.headers["strict-transport-security"]).toContain("max-age=");
      }
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
    },
  );

  it("is gzip for a browser that refuses brotli, and a HEAD or a revalidation sends no body", async () => {
    const refused = await raw("GET", script, { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const head = await raw("HEAD", script, { "accept-encoding": CHROMIUM_ENCODINGS });
    const get = await raw("GET", script, { "accept-encoding": CHROMIUM_ENCODINGS });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);

    const again = await raw("GET", script, {
      "accept-encoding": CHROMIUM_ENCODINGS,
      "if-none-match": String(get.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("serves nothing but the build's own files: a missing one is a 404, a path out of the folder is Next's", async () => {
    // A script a deploy replaced, asked for by a page loaded before it: a 404, never the
    // signed-out login page with 200, which the service worker would keep as the script.
    const missing = await raw("GET", "/_next/static/chunks/not-a-chunk.js", {
      "accept-encoding": CHROMIUM_ENCODINGS,
    });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).not.toBe("br");
    const plain = await raw("GET", "/_next/static/chunks/not-a-chunk.js", {
      "accept-encoding": "identity",
    });
    expect(plain.body.toString()).toContain("404 Page Not Found");

    const outside = await raw("GET", "/_next/static/../../package.json", {
      "accept-encoding": CHROMIUM_ENCODINGS,
    });
    expect(outside.headers["content-encoding"]).not.toBe("br");
    expect(outside.body.toString()).not.toContain('"canteen-portal"');
  });

  it("has every precompressed copy the build wrote equal to its file, and none without one", () => {
    const list = JSON.parse(
      readFileSync(path.join(process.cwd(), ".next", "precompressed.json"), "utf8"),
    ) as string[];
    const copies = readdirSync(staticDir, { recursive: true, encoding: "utf8" })
      .map((name) => name.split(path.sep).join("/"))
      .filter((name) => name.endsWith(".br"));
    expect(list.length).toBeGreaterThan(10);
    expect(copies.sort()).toEqual(list.map((name) => `${name}.br`).sort());
    for (const name of list) {
      const file = readFileSync(path.join(staticDir, name));
      const copy = readFileSync(path.join(staticDir, `${name}.br`));
      expect(brotliDecompressSync(copy).equals(file)).toBe(true);
    }
  });
});
