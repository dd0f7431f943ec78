// The browser side of the /api contract: JSON in and out, session cookies always sent, and the
// spec's failure shapes (spec 000 §8): 500 and above become "status statusText", other failures
// "status body", and the server's `message`/`error` fields are kept for the screens to show.
import type {
  ApiAnswer,
  ApiGetPath,
  ApiMethod,
  ApiMethodOf,
  ApiPath,
} from "@/lib/contracts/endpoints";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    const value = this.body?.message ?? this.body?.error;
    return typeof value === "string" && value ? value : undefined;
  }
}

export class NetworkError extends Error {
  constructor() {
    super("Network error. Please try again.");
    this.name = "NetworkError";
  }
}

/**
 * One call of the server's JSON API. The answer's type comes from the endpoint map
 * (lib/contracts/endpoints.ts) by the path and the method: `api("/api/students")` is a
 * `Promise<StudentDto[]>`, and a path or a method the map does not list does not compile.
 */
export function api<P extends ApiGetPath>(path: P): Promise<ApiAnswer<P, "GET">>;
export function api<P extends ApiPath, M extends ApiMethodOf<P>>(
  path: P,
  options: { method: M; body?: unknown },
): Promise<ApiAnswer<P, M>>;
export async function api(
  path: string,
  options: { method?: ApiMethod; body?: unknown } = {},
): Promise<unknown> {
  return jsonCall(path, options);
}

/**
 * The untyped JSON call under `api()` (and under the operators' own map, components/platform):
 * the spec's failure shapes, a NetworkError when the request never reached the server.
 */
export async function jsonCall(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: options.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new NetworkError();
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const record = body && typeof body === "object" ? (body as Record<string, unknown>) : null;
    const message =
      response.status >= 500
        ? `${response.status}: ${response.statusText}`
        : `${response.status}: ${text}`;
    throw new ApiRequestError(response.status, message, record);
  }
  return body;
}

/** The message to show for a failed call: the server's, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}
