import { NextResponse } from "next/server";
import { clientAddress } from "@/lib/api/client-address";
import { startOperatorSession } from "@/lib/platform/operator-session";
import { signInOperator } from "@/lib/platform/operators";
import { platformRoute } from "@/lib/platform/platform-route";
import { platformLoginSchema } from "@/lib/validations/platform";

// POST /api/platform/login { username, password } → the operator, with the platform's cookie.
export const POST = platformRoute(
  { access: "public", body: platformLoginSchema },
  async ({ req, body }) => {
    const operator = await signInOperator(body.username, body.password, clientAddress(req.headers));
    const res = NextResponse.json(operator);
    await startOperatorSession(res, operator.id);
    return res;
  },
);
