import { NextResponse } from "next/server";
import { parseWith } from "@/lib/api/handler";
import { exportSchool } from "@/lib/platform/export-school";
import { platformRoute } from "@/lib/platform/platform-route";
import { schoolIdParam } from "@/lib/validations/platform";

// GET /api/platform/schools/{id}/export → the school's whole data, one JSON download.
export const GET = platformRoute({ access: "operator" }, async ({ params, operator }) => {
  const data = await exportSchool(parseWith(schoolIdParam, params.id), operator.id);
  return new NextResponse(JSON.stringify(data), {
    headers: {
      "content-type": "application/json",
      "content-disposition": `attachment; filename="school-${data.school.slug}-export.json"`,
    },
  });
});
