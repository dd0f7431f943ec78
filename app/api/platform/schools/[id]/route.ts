import { parseWith } from "@/lib/api/handler";
import { updateSchool } from "@/lib/platform/schools";
import { platformRoute } from "@/lib/platform/platform-route";
import { schoolIdParam, updateSchoolSchema } from "@/lib/validations/platform";

// PATCH /api/platform/schools/{id} { name?, hosts?, timeZone?, status? } → the school.
export const PATCH = platformRoute(
  { access: "operator", body: updateSchoolSchema },
  async ({ params, body, operator }) =>
    updateSchool(parseWith(schoolIdParam, params.id), body, operator.id),
);
