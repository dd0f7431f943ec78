import { route } from "@/lib/api/handler";
import { readCsvUpload } from "@/lib/menu/bulk-upload";
import { matchSettlementReport } from "@/lib/revenue/settlement";

// POST /api/revenue/settlement — multipart `file`: DPO's settlement report (.csv, 2 MB) matched
// against the payments; nothing is stored. A bad line refuses the file (422, every line listed).
export const POST = route({ access: { feature: "revenue" } }, async ({ school, req }) =>
  matchSettlementReport(school, await readCsvUpload(req)),
);
