import { NextResponse } from "next/server";
import { checkReadiness } from "@/lib/system/health";

// GET /api/health/ready — the instance is not stopping, the database answers and its migrations
// are applied (readiness checks). Outside the route wrapper, like /api/health: it never reads the
// caller's session, so its answer is about the instance, not the caller.
export async function GET() {
  const readiness = await checkReadiness();
  return NextResponse.json(
    readiness.ready ? { status: "ready" } : { status: "unavailable", reason: readiness.reason },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
