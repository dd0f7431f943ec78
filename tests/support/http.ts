// Calls route handlers as the browser would: a real NextRequest in, the real Response out, with a
// cookie jar carried between calls. No Next server, no mocks: the handler's own code runs end to
// end against this test file's database.
import { NextRequest } from "next/server";

type Handler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export type Answer<T = Record<string, unknown>> = {
  status: number;
  body: T;
  headers: Headers;
};

export const ORIGIN = "http://localhost:3000";

export class Browser {
  readonly jar = new Map<string, string>();

  /** `origin`: the school's address this browser talks to (issue 45: each school has its own). */
  constructor(
    readonly address = "203.0.113.10",
    readonly origin = ORIGIN,
  ) {}

  async call<T = Record<string, unknown>>(
    handler: Handler,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const res = await this.respond(handler, method, path, options);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** The handler's Response itself, for answers that are not text (a PDF). */
  async respond(
    handler: Handler,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Response> {
    const url = new URL(path, this.origin);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      host: url.host,
      "x-forwarded-for": this.address,
      ...(method === "GET" ? {} : { origin: this.origin, "content-type": "application/json" }),
      ...(this.jar.size > 0
        ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ") }
        : {}),
      ...options.headers,
    };
    const body =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const req = new NextRequest(url, { method, headers, body });
    const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  private store(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
    if (expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }

  /** A copy holding the same cookies: a stolen or replayed cookie. */
  clone(): Browser {
    return this.at(this.origin);
  }

  /** A copy holding the same cookies that talks to another address: a cookie taken elsewhere. */
  at(origin: string): Browser {
    const copy = new Browser(this.address, origin);
    for (const [k, v] of this.jar) copy.jar.set(k, v);
    return copy;
  }
}
