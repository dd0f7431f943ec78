import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { DEFAULT_SCHOOL_ID, type SchoolContext } from "@/lib/contracts/schools";
import { hostOfUrl, requestHost, schoolForHost } from "@/lib/schools/hosts";

// Which school a request belongs to (issue 45, decision 0073). The directory of schools and their
// hosts is one small read, kept for a few seconds per instance: an operator's change (a new host,
// a suspension) reaches every instance within that time, and a request never waits on it twice.
// The default school always answers on APP_URL's host, whatever the table says.

export type SchoolEntry = Omit<SchoolContext, "origin"> & {
  hosts: string[];
  /** The school's own card provider as stored (encrypted); read by lib/payments only. */
  storedPayment?: unknown;
};

const DIRECTORY_TTL_MS = 5_000;

type Directory = { at: number; schools: Promise<SchoolEntry[]> };
const globalForSchools = globalThis as unknown as { canteenSchools?: Directory };

async function readDirectory(): Promise<SchoolEntry[]> {
  const db = await getDb();
  // The schools, their hosts and their own card providers (still encrypted): platform tables only,
  // so a distributed database answers from the copy on the node asked (issue 46).
  const rows = await db.school.findMany({ include: { hosts: true }, orderBy: { id: "asc" } });
  const appHost = hostOfUrl(env().APP_URL);
  return rows.map((row) => {
    const hosts = row.hosts.map((h) => h.host);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      timeZone: row.timeZone,
      currency: row.currency,
      status: row.status,
      // The default school's own address comes first: its links keep pointing at APP_URL.
      hosts:
        row.id === DEFAULT_SCHOOL_ID ? [appHost, ...hosts.filter((h) => h !== appHost)] : hosts,
      storedPayment: row.paymentCredentials ?? undefined,
    };
  });
}

/** Every school and its hosts (read at most every few seconds per instance). */
export function allSchools(): Promise<SchoolEntry[]> {
  const now = Date.now();
  const cached = globalForSchools.canteenSchools;
  if (cached && now - cached.at < DIRECTORY_TTL_MS) return cached.schools;
  const schools = readDirectory();
  const entry: Directory = { at: now, schools };
  schools.catch(() => {
    if (globalForSchools.canteenSchools === entry) globalForSchools.canteenSchools = undefined;
  });
  globalForSchools.canteenSchools = entry;
  return schools;
}

/** Forgets the directory: the next request reads it again (after an operator's change). */
export function forgetSchools(): void {
  globalForSchools.canteenSchools = undefined;
}

function scheme(): "http" | "https" {
  return new URL(env().APP_URL).protocol === "http:" ? "http" : "https";
}

/** The school at `host` (already normalized), with that host as its origin. */
function contextAt(school: SchoolEntry, host: string): SchoolContext {
  const { hosts: _hosts, storedPayment: _payment, ...rest } = school;
  return { ...rest, origin: `${scheme()}://${host}` };
}

/** The school a request was addressed to, or undefined when no school claims its host. */
export async function schoolForRequest(headers: Headers): Promise<SchoolContext | undefined> {
  const host = requestHost(headers, env().TRUSTED_PROXY_HOPS, scheme());
  if (!host) return undefined;
  const school = schoolForHost(await allSchools(), host, scheme());
  return school ? contextAt(school, host) : undefined;
}

/** A school's directory entry by id (its hosts and stored provider too), or undefined. */
export async function schoolEntry(id: number): Promise<SchoolEntry | undefined> {
  return (await allSchools()).find((s) => s.id === id);
}

/** A school by id, at its first host (the jobs' view: no request, so no address of the user's). */
export async function schoolById(id: number): Promise<SchoolContext | undefined> {
  const school = await schoolEntry(id);
  if (!school) return undefined;
  return contextAt(school, school.hosts[0] ?? hostOfUrl(env().APP_URL));
}

/** Every school at its first host, for the jobs that run per school. */
export async function everySchool(): Promise<SchoolContext[]> {
  return (await allSchools()).map((s) => contextAt(s, s.hosts[0] ?? hostOfUrl(env().APP_URL)));
}
