import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/api/handler";
import type { EmailVerificationError } from "@/lib/contracts";
import { verifyEmailToken } from "@/lib/users/accounts";

// GET /api/auth/verify-email?token= — the link in the confirmation e-mail; back to / with the
// emailVerified parameter (and a reason code) that the home page turns into a toast.
export const GET = route(
  { access: "public", query: z.object({ token: z.string().max(2000).default("") }) },
  async ({ school, query }) => {
    const target = new URL("/", school.origin);
    if (await verifyEmailToken(school, query.token)) {
      target.searchParams.set("emailVerified", "success");
    } else {
      // A bad, expired and outdated link look alike to iron (it answers {} for each): one code.
      target.searchParams.set("emailVerified", "error");
      target.searchParams.set("reason", "invalid" satisfies EmailVerificationError);
    }
    return NextResponse.redirect(target, 303);
  },
);
