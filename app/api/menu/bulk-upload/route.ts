import { route } from "@/lib/api/handler";
import { importMenuCsv, readCsvUpload } from "@/lib/menu/bulk-upload";

// POST /api/menu/bulk-upload — multipart `file` (.csv, 2 MB): good rows imported, bad ones listed.
// No `body` schema: the wrapper reads JSON only; the upload reads its own capped multipart body.
export const POST = route({ access: { feature: "menu" } }, async ({ school, user, req }) =>
  importMenuCsv(school, user, await readCsvUpload(req)),
);
