// The one error type of the API. Handlers and domain functions throw it; the route wrapper turns it
// into the envelope `{ message, error, ...extra }` with the status below. Both `message` and `error`
// carry the same text because the spec's screens read one or the other.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(400, message, extra);
export const unauthorized = (message = "Not authenticated") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do this") =>
  new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(409, message, extra);
export const unprocessable = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(422, message, extra);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    "Too many attempts. Please wait a few minutes and try again.",
    { retryAfter: retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
export const serviceUnavailable = () =>
  new ApiError(503, "The service is temporarily unavailable. Please try again in a moment.");
