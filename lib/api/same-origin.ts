import "server-only";
import type { NextRequest } from "next/server";
import { forbidden } from "@/lib/api/errors";

/** State-changing requests must come from our own pages (a browser always sends Origin on them). */
export function assertSameOrigin(req: NextRequest) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return;
  if (req.headers.get("sec-fetch-site") === "cross-site")
    throw forbidden("Cross-site request refused");
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden("Cross-site request refused");
  }
  if (originHost !== host) throw forbidden("Cross-site request refused");
}
