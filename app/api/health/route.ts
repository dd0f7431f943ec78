import { NextResponse } from "next/server";

// GET /api/health — the process is up (for load balancers' liveness checks). Deliberately outside
// the route wrapper: it reads no session and no database, so an outage of the database never makes
// a healthy process look dead (and probes do not fill the request log).
export async function GET() {
  return NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
