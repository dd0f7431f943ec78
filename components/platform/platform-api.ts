// The operators' API (issue 45) from the browser. Its handlers are platformRoute()s, not the
// schools' route(), so they are not in the endpoint map (lib/contracts/endpoints.ts, whose test
// holds every entry against a RouteHandler): this is its own small typed map, over the same JSON
// call and the same failures (ApiRequestError, NetworkError) as lib/client/api.ts.
import { ApiRequestError, jsonCall } from "@/lib/client/api";
import type {
  CreatedSchoolDto,
  PlatformOperatorDto,
  PlatformSchoolDto,
} from "@/lib/contracts/platform";
import type { SchoolStatus } from "@/lib/contracts/schools";

export type SchoolChanges = {
  name?: string;
  hosts?: string[];
  timeZone?: string;
  status?: SchoolStatus;
};

export type NewSchool = {
  name: string;
  slug: string;
  hosts: string[];
  timeZone: string;
  adminEmail: string;
  adminPassword?: string;
};

type PlatformEndpoints = {
  "/api/platform/login": { POST: PlatformOperatorDto };
  "/api/platform/logout": { POST: { ok: boolean } };
  "/api/platform/me": { GET: PlatformOperatorDto };
  "/api/platform/schools": { GET: PlatformSchoolDto[]; POST: CreatedSchoolDto };
  [path: `/api/platform/schools/${number}`]: { PATCH: PlatformSchoolDto };
};

type Path = keyof PlatformEndpoints;
type MethodOf<P extends Path> = keyof PlatformEndpoints[P] & string;

/** The school's whole data as one JSON file (a download, not a JSON call). */
export function exportUrl(id: number): string {
  return `/api/platform/schools/${id}/export`;
}

/** One call of the operators' API; the answer's type comes from the map above. */
export async function platformApi<P extends Path, M extends MethodOf<P> = "GET" & MethodOf<P>>(
  path: P,
  options: { method?: M; body?: unknown } = {},
): Promise<PlatformEndpoints[P][M]> {
  return (await jsonCall(path, options)) as PlatformEndpoints[P][M];
}

/** A 422's messages by field (`details`), when the server sent them. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiRequestError)) return {};
  const details = error.body?.details;
  if (!details || typeof details !== "object") return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(details as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m) => typeof m === "string");
  }
  return out;
}
