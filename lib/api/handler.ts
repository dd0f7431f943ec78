import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { assertAccess, type Access } from "@/lib/api/access";
import { ApiError, badRequest, unprocessable } from "@/lib/api/errors";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/api/prisma-errors";
import { readBodyCapped, readTextCapped } from "@/lib/api/read-body";
import { assertSameOrigin } from "@/lib/api/same-origin";
import { applyWrittenCookies, withRequestCookies } from "@/lib/auth/request-cookies";
import { getCurrentUser, type SessionUser } from "@/lib/auth/session";
import { NO_SCHOOL_MESSAGE, type SchoolContext } from "@/lib/contracts/schools";
import { schoolForRequest } from "@/lib/schools/resolve-school";
import { requestFinished, requestStarted } from "@/lib/observability/lifecycle";
import { log, withRequestContext } from "@/lib/observability/log";

// Every route handler goes through `route()`: it checks the request's origin and size, resolves the
// session and the caller's role or feature, awaits params, parses the body and query with zod, and
// maps every error to one JSON envelope. A handler only parses, calls one domain function, answers.

export const MAX_BODY_BYTES = 1024 * 1024;

type Params = Record<string, string | string[] | undefined>;

type Context<TBody, TQuery, TUser, TSchool> = {
  req: NextRequest;
  /** The school the request was addressed to (its host), resolved once, before anything else. */
  school: TSchool;
  params: Params;
  body: TBody;
  query: TQuery;
  user: TUser;
};

type UserFor<A extends Access> = A extends "provider"
  ? null
  : A extends "public"
    ? SessionUser | null
    : SessionUser;

/** A provider's callback belongs to no school's host: its handler finds the school itself. */
type SchoolFor<A extends Access> = A extends "provider" ? null : SchoolContext;

type RouteConfig<A extends Access, TBody, TQuery> = {
  access: A;
  body?: z.core.$ZodType<TBody>;
  query?: z.core.$ZodType<TQuery>;
  /** The status of a successful JSON answer: 201 when the call created something. */
  status?: 200 | 201;
};

/**
 * What `route()` gives Next: the handler, typed with its answer, which is never set at run time.
 * tests/unit/api-endpoints.test.ts holds every answer against the client's endpoint map
 * (lib/contracts/endpoints.ts), so the map cannot drift from what the handlers send.
 */
export type RouteHandler<TAnswer> = ((
  req: NextRequest,
  segment: { params: Promise<Params> },
) => Promise<Response>) & { readonly answer?: TAnswer };

export function route<A extends Access, TAnswer, TBody = undefined, TQuery = undefined>(
  config: RouteConfig<A, TBody, TQuery>,
  handler: (ctx: Context<TBody, TQuery, UserFor<A>, SchoolFor<A>>) => Promise<TAnswer>,
): RouteHandler<TAnswer> {
  return (req: NextRequest, segment: { params: Promise<Params> }): Promise<Response> => {
    const requestId = requestIdOf(req);
    return withRequestContext(requestId, async () => {
      requestStarted();
      const started = performance.now();
      let response: NextResponse | undefined;
      try {
        response = await handle(req, segment);
        response.headers.set("x-request-id", requestId);
        return response;
      } finally {
        requestFinished();
        log.info(
          {
            method: req.method,
            path:
              config.access === "provider"
                ? await pathWithoutSecrets(req.nextUrl.pathname, segment)
                : req.nextUrl.pathname,
            status: response?.status ?? 500,
            ms: Math.round(performance.now() - started),
          },
          "request",
        );
      }
    });
  };

  async function handle(req: NextRequest, segment: { params: Promise<Params> }) {
    const { store, result } = withRequestCookies(req, async () => {
      // A provider's callback (issue 48) comes from the provider's servers to whichever host the
      // platform gave it: no school's host, no Origin, no session to read.
      const provider = config.access === "provider";
      // No school at this host: nothing else runs, nothing is written (issue 45).
      const school = provider ? null : await schoolForRequest(req.headers);
      if (!provider && !school) throw new ApiError(404, NO_SCHOOL_MESSAGE);
      if (school) assertSameOrigin(req, school.origin);
      const user = school ? await getCurrentUser(school.id) : null;
      assertAccess(config.access, user);
      const params = (await segment?.params) ?? {};
      const body = config.body ? parseWith(config.body, await readJson(req)) : (undefined as TBody);
      const query = config.query
        ? parseWith(config.query, Object.fromEntries(req.nextUrl.searchParams))
        : (undefined as TQuery);
      return handler({
        req,
        school: school as SchoolFor<A>,
        params,
        body,
        query,
        user: user as UserFor<A>,
      });
    });
    let response: NextResponse;
    try {
      const answer = await result;
      response =
        answer instanceof NextResponse
          ? answer
          : answer instanceof Response
            ? new NextResponse(answer.body, answer)
            : new NextResponse(jsonText(answer ?? { ok: true }), {
                status: config.status ?? 200,
                headers: JSON_HEADERS,
              });
    } catch (error) {
      response = errorResponse(error);
    }
    // Cookies written before a failure still apply (an ended session stays ended).
    applyWrittenCookies(store, response);
    // Answers depend on who asks: no shared laptop's cache or proxy may keep a family's data.
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    return response;
  }
}

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * A provider's callback path as the log keeps it: its dynamic segments (the secret of Africa's
 * Talking's callbacks, issue 48) by their names, never their values.
 */
async function pathWithoutSecrets(path: string, segment: { params: Promise<Params> }) {
  const params = await (segment?.params ?? Promise.resolve({})).catch(() => ({}));
  let masked = path;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === "string" && value !== "") {
      masked = masked.split(`/${encodeURIComponent(value)}`).join(`/[${name}]`);
      masked = masked.split(`/${value}`).join(`/[${name}]`);
    }
  }
  return masked;
}

// The answers of lib/cache/versioned-cache.ts (the menu, settings, cycles) are deep-frozen and shared
// by every request until their version moves: each is serialised once, not once per request.
const frozenJson = new WeakMap<object, string>();

/** The answer as JSON text, as NextResponse.json would write it. */
function jsonText(answer: unknown): string {
  if (typeof answer !== "object" || answer === null || !Object.isFrozen(answer)) {
    return JSON.stringify(answer);
  }
  let text = frozenJson.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    frozenJson.set(answer, text);
  }
  return text;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** The id a proxy or load balancer gave the request, when it looks like one; else a new one. */
function requestIdOf(req: NextRequest): string {
  const given = req.headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof ApiError) {
    return NextResponse.json(
      { message: error.message, error: error.message, ...error.extra },
      { status: error.status, headers: error.headers },
    );
  }
  if (isUniqueViolation(error)) {
    return errorResponse(new ApiError(409, "This record already exists."));
  }
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, "database unavailable");
    return errorResponse(
      new ApiError(503, "The service is temporarily unavailable. Please try again in a moment."),
    );
  }
  log.error({ err: error }, "unexpected error");
  return errorResponse(new ApiError(500, "Something went wrong. Please try again."));
}

/**
 * The body of a JSON route. Anything but `application/json` is refused with 415: a `text/plain` or
 * form post is a CORS "simple request" that a browser sends cross-site without a preflight, so a
 * route that parsed it as JSON whatever its type could be driven from another site's form. An empty
 * body without a type (a POST whose schema allows `{}`) passes.
 */
export async function readJson(req: NextRequest): Promise<unknown> {
  const type = req.headers.get("content-type");
  const isJson = type?.split(";")[0]?.trim().toLowerCase() === "application/json";
  if (type !== null && !isJson) throw unsupportedType();
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "Request body is too large");
  const text = await readTextCapped(req, MAX_BODY_BYTES);
  if (text === null) throw new ApiError(413, "Request body is too large");
  if (text.trim() === "") return {};
  if (!isJson) throw unsupportedType();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Malformed JSON body");
  }
}

const unsupportedType = () => new ApiError(415, "Content-Type must be application/json");

/** A provider's callback body as it arrived (a form, or JSON whose signature covers the bytes). */
export async function readRawBody(req: NextRequest): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "Request body is too large");
  const bytes = await readBodyCapped(req, MAX_BODY_BYTES);
  if (bytes === null) throw new ApiError(413, "Request body is too large");
  return bytes;
}

/** Parses with any zod 4 schema, classic or `zod/mini` (the login page's forms use mini). */
export function parseWith<T>(schema: z.core.$ZodType<T>, input: unknown): T {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const details = z.flattenError(parsed.error).fieldErrors;
  throw unprocessable(first?.message ?? "Invalid request", { details });
}
