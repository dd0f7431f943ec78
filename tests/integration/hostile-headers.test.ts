import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as userRoute from "@/app/api/user/route";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import {
  concretePath,
  discoverEndpoints,
  MATRIX,
  PROVIDER_REFUSALS,
  type Endpoint,
  type Row,
} from "@/tests/support/api-access";
import { DATA_TABLES, fingerprint } from "@/tests/support/db-fingerprint";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser, ORIGIN, type Answer } from "@/tests/support/http";
import { cookieAsRead, mutatedSeal } from "@/tests/support/tampered-seals";
import { clusterTimeFactor } from "@/tests/support/citus-cluster";

// Hostile headers (issue 14), the hostile-input proofs (bodies, query strings) carried over to the
// Cookie, Origin, Referer, X-Forwarded-For, X-Request-Id, Content-Type and Accept-Language headers
// of every route in the authorization matrix, generated with fast-check from a fixed seed:
// - a mutated session cookie is no session: every route that needs one answers 401 (GET /api/user
//   exactly as to no cookie), none answers a 5xx, none writes anything (sessions included), and no
//   answer names the user whose cookie it was made from;
// - with a valid cookie, hostile headers never cause a 5xx, a refusal writes nothing, and the
//   caller only ever sees their own account.
// A 4xx of any kind is an acceptable refusal (a strict Content-Type or Origin check may add 415s).

const COOKIE = sessionCookieName(false);
const SEED = 20261414;
const RUNS_PER_ROUTE = 5;

type Caller = { browser: Browser | null; id: number | null };

let endpoints: Endpoint[] = [];
let superadmin: Caller;
let parent: Caller & { username: string };
/** Another parent: no answer to `parent` or to a stranger may carry these. */
let otherMarkers: string[] = [];
let signedOut: Answer;

beforeAll(async () => {
  endpoints = await discoverEndpoints();
  superadmin = {
    browser: await signedInSuperadmin(),
    id: 1,
  };
  const p = await signedUpParent();
  parent = { browser: p.browser, id: p.id, username: p.username };
  const other = await signedUpParent();
  otherMarkers = [other.username, other.email!, "Otherchild Markername"];
  // Real rows for the calls to aim at, so a refusal has something it could have damaged.
  await activeCycle();
  await addStudent(p.id, "Target Child", "3");
  await addStudent(other.id, "Otherchild Markername", "4");
  await addMenuItem({ name: "Target Meal" });
  const me = await superadmin.browser!.call<{ id: number }>(userRoute.GET, "GET", "/api/user");
  superadmin.id = me.body.id;
  signedOut = await new Browser().call(userRoute.GET, "GET", "/api/user");
}, 60_000);

function rowOf(endpoint: Endpoint): Row {
  const row = MATRIX[endpoint.key];
  if (!row) throw new Error(`${endpoint.key} has no row in the authorization matrix`);
  return row;
}

/** Who calls: someone the route lets through, so a header that slipped past a check would show. */
function callerOf(row: Row): Caller {
  const { access } = row;
  if (access === "public" || access === "provider") return { browser: null, id: null };
  if (access === "user" || access === "parent-teacher") return parent;
  if (typeof access === "object" && "parentTeacherOr" in access) return parent;
  return superadmin;
}

async function send(endpoint: Endpoint, browser: Browser, headers: Record<string, string> = {}) {
  const { url, params } = concretePath(endpoint.template);
  return browser.call(endpoint.handler, endpoint.method, url, {
    params,
    query: rowOf(endpoint).query,
    headers,
    ...(endpoint.method === "GET" ? {} : { rawBody: "{}" }),
  });
}

function text(answer: Answer): string {
  return typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
}

describe("a mutated session cookie, sent to every route", () => {
  it(
    "is no session: 401 where one is needed, never a 5xx, nothing written, nobody named",
    async () => {
      const problems: string[] = [];
      const tables = [...DATA_TABLES, "Session"];
      for (const endpoint of endpoints) {
        const row = rowOf(endpoint);
        // Public routes get a mutation of the parent's cookie: logout with it must end nothing.
        const owner = callerOf(row).browser ? callerOf(row) : parent;
        const sealed = owner.browser!.jar.get(COOKIE)!;
        const mutations = mutatedSeal(sealed).filter((m) => cookieAsRead(COOKIE, m) !== sealed);
        // No mutation may write anything, so one comparison per route covers all its calls.
        const before = await fingerprint(tables);
        await fc.assert(
          fc.asyncProperty(mutations, async (mutated) => {
            const browser = new Browser("203.0.113.90");
            browser.jar.set(COOKIE, mutated);
            const answer = await send(endpoint, browser);
            const shown = `${endpoint.key} with ${JSON.stringify(mutated.slice(0, 80))}`;
            if (answer.status >= 500) problems.push(`${shown}: ${answer.status}`);
            if (row.access === "provider") {
              if (!PROVIDER_REFUSALS.includes(answer.status)) {
                problems.push(`${shown}: ${answer.status}, not refused`);
              }
            } else if (row.access !== "public" && answer.status !== 401) {
              problems.push(`${shown}: ${answer.status}, not 401`);
            }
            if (endpoint.key === "GET /api/user" && text(answer) !== text(signedOut)) {
              problems.push(`${shown}: answered unlike no cookie: ${text(answer).slice(0, 120)}`);
            }
            if (text(answer).includes(parent.username)) problems.push(`${shown}: names the parent`);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED },
        );
        if ((await fingerprint(tables)) !== before) {
          problems.push(`${endpoint.key}: a mutated cookie wrote something`);
        }
      }
      expect(problems).toEqual([]);
      // The cookies every mutation was made from are still sessions.
      for (const caller of [parent, superadmin]) {
        const me = await caller.browser!.call<{ id: number }>(userRoute.GET, "GET", "/api/user");
        expect(me.body.id).toBe(caller.id);
      }
    },
    300_000 * clusterTimeFactor,
  );
});

/** Header text: anything a Cookie-free header line can carry (no controls, Latin-1 only). */
const headerChar = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code < 0x7f || code > 0x9f)
  .map((code) => String.fromCharCode(code));
const headerText = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 200 }),
  fc.string({ unit: headerChar, minLength: 4_000, maxLength: 8_000 }),
);

const hostileHeaders = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom(
        ORIGIN,
        "null",
        "",
        "http://evil.example",
        "http://localhost:3000.evil.example",
        "http://localhost:3000@evil.example",
        "https://localhost:3000",
        "http://LOCALHOST:3000",
        "http://[::1",
        "javascript:alert(1)",
      ),
      headerText,
    ),
    referer: fc.oneof(
      fc.constantFrom(`${ORIGIN}/`, `${ORIGIN}/?section=menu`, "http://evil.example/", ""),
      fc.webUrl(),
      headerText,
    ),
    "x-forwarded-for": fc.oneof(
      fc.constantFrom(
        "127.0.0.1",
        "::1",
        "unknown",
        ", , ,",
        "999.999.999.999",
        "1.1.1.1, 2.2.2.2",
      ),
      fc.ipV4(),
      fc.ipV6(),
      fc.array(fc.ipV4(), { maxLength: 300 }).map((chain) => chain.join(", ")),
      headerText,
    ),
    "x-request-id": fc.oneof(
      fc.uuid(),
      fc.constantFrom("lb-12345678", "a".repeat(101), "../../etc/passwd", '"}{"level":"fatal'),
      headerText,
    ),
    "content-type": fc.oneof(
      fc.constantFrom(
        "application/json",
        "APPLICATION/JSON; charset=utf-8",
        "application/json; charset=utf-7",
        "text/plain",
        "text/csv",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=----x",
        "multipart/form-data",
        "application/xml",
        "*/*",
        "",
      ),
      headerText,
    ),
    "accept-language": fc.oneof(
      fc.constantFrom("*", "en-US,en;q=0.9", "zz", "en;q=abc", ",,,;q=", "x".repeat(5_000)),
      headerText,
    ),
  },
  { requiredKeys: [] },
);

describe("hostile headers with a valid session, sent to every route", () => {
  it(
    "never cause a 5xx; a refusal writes nothing; the caller sees only their own account",
    async () => {
      const problems: string[] = [];
      // Logout and conversion end the caller's own session, whatever the headers say.
      for (const endpoint of endpoints.filter((e) => !rowOf(e).throwaway)) {
        const caller = callerOf(rowOf(endpoint));
        // A read never writes: one comparison per route; a state-changing call is checked per call.
        const reads = endpoint.method === "GET";
        const routeBefore = reads ? await fingerprint() : "";
        await fc.assert(
          fc.asyncProperty(hostileHeaders, async (headers) => {
            const before = reads ? routeBefore : await fingerprint();
            const browser = caller.browser ?? new Browser("203.0.113.91");
            const answer = await send(endpoint, browser, headers);
            const shown = `${endpoint.key} with ${JSON.stringify(headers).slice(0, 200)}`;
            const body = answer.body as { message?: unknown; id?: unknown } | string | null;
            if (answer.status >= 500) problems.push(`${shown}: ${answer.status}`);
            if (answer.status >= 400 && answer.status < 500) {
              const message = typeof body === "object" && body ? body.message : body;
              if (typeof message !== "string" || message.length === 0) {
                problems.push(`${shown}: refused (${answer.status}) without a message`);
              }
              if (!reads && (await fingerprint()) !== before) {
                problems.push(`${shown}: refused (${answer.status}) but wrote something`);
              }
            }
            if (endpoint.key === "GET /api/user" && answer.status === 200) {
              if (typeof body !== "object" || body?.id !== caller.id) {
                problems.push(`${shown}: answered another account`);
              }
            }
            // An admin's answers name other users by design; a parent's and a stranger's never do.
            if (caller !== superadmin && otherMarkers.some((m) => text(answer).includes(m))) {
              problems.push(`${shown}: names another parent`);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED },
        );
        if (reads && (await fingerprint()) !== routeBefore) {
          problems.push(`${endpoint.key}: a read with hostile headers wrote something`);
        }
      }
      expect(problems).toEqual([]);
    },
    300_000 * clusterTimeFactor,
  );
});
