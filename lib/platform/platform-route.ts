import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { notFound, unauthorized } from "@/lib/api/errors";
import { errorResponse, parseWith, readJson } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/same-origin";
import { env } from "@/lib/env";
import { hostOfUrl, requestHost } from "@/lib/schools/hosts";
import { currentOperator, type OperatorDto } from "@/lib/platform/operator-session";

// The operators' route wrapper (issue 45), beside the schools' route(): the platform answers only
// on PLATFORM_URL's host (APP_URL's by default), checks the Origin against that address, reads the
// operator's own session, parses with zod and answers with the same JSON error envelope.

type Params = Record<string, string | string[] | undefined>;

type PlatformContext<TBody, TQuery, TOperator> = {
  req: NextRequest;
  params: Params;
  body: TBody;
  query: TQuery;
  operator: TOperator;
};

type Config<A extends "public" | "operator", TBody, TQuery> = {
  access: A;
  body?: z.core.$ZodType<TBody>;
  query?: z.core.$ZodType<TQuery>;
};

/** The platform's address: PLATFORM_URL, else APP_URL. */
export function platformUrl(): string {
  return env().PLATFORM_URL ?? env().APP_URL;
}

/** Whether a request was addressed to the platform's host. */
export function isPlatformHost(headers: Headers): boolean {
  const url = new URL(platformUrl());
  const scheme = url.protocol === "http:" ? "http" : "https";
  return requestHost(headers, env().TRUSTED_PROXY_HOPS, scheme) === hostOfUrl(url.toString());
}

export function platformRoute<
  A extends "public" | "operator",
  TAnswer,
  TBody = undefined,
  TQuery = undefined,
>(
  config: Config<A, TBody, TQuery>,
  handler: (
    ctx: PlatformContext<TBody, TQuery, A extends "operator" ? OperatorDto : OperatorDto | null>,
  ) => Promise<TAnswer>,
) {
  return async (req: NextRequest, segment: { params: Promise<Params> }): Promise<Response> => {
    let response: NextResponse;
    try {
      if (!isPlatformHost(req.headers)) throw notFound("API endpoint not found");
      assertSameOrigin(req, new URL(platformUrl()).origin);
      const operator = await currentOperator(req);
      if (config.access === "operator" && !operator) throw unauthorized();
      const params = (await segment?.params) ?? {};
      const body = config.body ? parseWith(config.body, await readJson(req)) : (undefined as TBody);
      const query = config.query
        ? parseWith(config.query, Object.fromEntries(req.nextUrl.searchParams))
        : (undefined as TQuery);
      const answer = await handler({
        req,
        params,
        body,
        query,
        operator: operator as A extends "operator" ? OperatorDto : OperatorDto | null,
      });
      response =
        answer instanceof NextResponse
          ? answer
          : answer instanceof Response
            ? new NextResponse(answer.body, answer)
            : NextResponse.json(answer ?? { ok: true });
    } catch (error) {
      response = errorResponse(error);
    }
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    return response;
  };
}
