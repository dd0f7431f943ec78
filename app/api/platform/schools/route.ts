import { NextResponse } from "next/server";
import { createSchool, listSchools } from "@/lib/platform/schools";
import { platformRoute } from "@/lib/platform/platform-route";
import { createSchoolSchema } from "@/lib/validations/platform";

// GET /api/platform/schools → every school with its hosts and counts.
export const GET = platformRoute({ access: "operator" }, () => listSchools());

// POST /api/platform/schools → 201 { school, admin: { username: "superadmin" } }.
export const POST = platformRoute(
  { access: "operator", body: createSchoolSchema },
  async ({ body, operator }) =>
    NextResponse.json(await createSchool(body, operator.id), { status: 201 }),
);
