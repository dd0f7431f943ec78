import { NextResponse } from "next/server";
import { endOperatorSession } from "@/lib/platform/operator-session";
import { platformRoute } from "@/lib/platform/platform-route";

// POST /api/platform/logout → { ok: true }; the operator's session row and cookie are gone.
export const POST = platformRoute({ access: "public" }, async ({ req }) => {
  const res = NextResponse.json({ ok: true });
  await endOperatorSession(req, res);
  return res;
});
