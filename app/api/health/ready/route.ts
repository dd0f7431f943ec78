import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { checkReadiness } from "@/lib/system/health";

// GET /api/health/ready — the database answers and its migrations are applied (readiness checks).
export const GET = route({ access: "public" }, async () => {
  const readiness = await checkReadiness();
  return NextResponse.json(
    readiness.ready ? { status: "ready" } : { status: "unavailable", reason: readiness.reason },
    { status: readiness.ready ? 200 : 503 },
  );
});
