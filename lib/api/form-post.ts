import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { readTextCapped } from "@/lib/api/read-body";
import type { AuthFormProblem, AuthMode } from "@/lib/contracts/auth-form";

// The no-script path of the login and sign-up forms (issue 24, docs/decisions/0048). A JSON route
// refuses form posts (415: a form post is a cross-site "simple request"); these handlers take only
// an urlencoded form, behind the same `route()` wrapper (Origin check, request log) and the same
// domain functions (limits) as the JSON routes, and answer a browser with a redirect: "/" when
// the action worked, the form again with a problem code when it did not. Nothing typed comes back
// in the address.

/** A login or sign-up form is a few hundred bytes. */
const FORM_BODY_MAX = 16 * 1024;

async function readForm(req: NextRequest): Promise<Record<string, string>> {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new ApiError(415, "Content-Type must be application/x-www-form-urlencoded");
  }
  const text = await readTextCapped(req, FORM_BODY_MAX);
  if (text === null) throw new ApiError(413, "Request body is too large");
  return Object.fromEntries(new URLSearchParams(text));
}

/** A 303 to a path of this site (relative, so it is right behind any proxy). */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path } });
}

function problemOf(error: ApiError): AuthFormProblem {
  switch (error.status) {
    case 401:
      return "invalid";
    case 409:
      return "taken";
    case 429:
      return "limited";
    case 422:
      return "check";
    default:
      return "failed";
  }
}

/**
 * Reads the form, runs `act` with it and answers a redirect. `act` parses (with the JSON route's
 * schema) and calls the domain; its refusals (ApiError) come back as a code, anything else is
 * left to `route()`'s 500.
 */
export async function answerFormPost(
  req: NextRequest,
  mode: AuthMode,
  act: (form: Record<string, string>) => Promise<unknown>,
): Promise<NextResponse> {
  try {
    await act(await readForm(req));
    return seeOther("/");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const query = new URLSearchParams({ auth: mode, error: problemOf(error) });
    const details = error.extra?.details;
    const field = details && typeof details === "object" ? Object.keys(details)[0] : undefined;
    if (field) query.set("field", field);
    return seeOther(`/?${query.toString()}`);
  }
}
