import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/api/handler";
import { env } from "@/lib/env";
import { verifyEmailToken } from "@/lib/users/accounts";

// GET /api/auth/verify-email?token= — the link in the confirmation e-mail; back to / with the
// emailVerified parameter that the home page turns into a toast.
export const GET = route(
  { access: "public", query: z.object({ token: z.string().max(2000).default("") }) },
  async ({ query }) => {
    const target = new URL("/", env().APP_URL);
    if (await verifyEmailToken(query.token)) {
      target.searchParams.set("emailVerified", "success");
    } else {
      target.searchParams.set("emailVerified", "error");
      target.searchParams.set("message", "The link is invalid or has expired.");
    }
    return NextResponse.redirect(target, 303);
  },
);
