import { route } from "@/lib/api/handler";
import { accountExportResponse } from "@/lib/privacy/export-account";

// GET /api/account/export — the signed-in account's own data as one JSON file (issue 26).
export const GET = route({ access: "user" }, async ({ school, user }) =>
  accountExportResponse(school, user),
);
