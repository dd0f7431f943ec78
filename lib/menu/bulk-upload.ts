import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, unprocessable } from "@/lib/api/errors";
import { readBodyCapped } from "@/lib/api/read-body";
import type { SessionUser } from "@/lib/auth/session";
import type { BulkUploadResult } from "@/lib/contracts/menu";
import { getDb } from "@/lib/db";
import { parseMenuCsv } from "@/lib/menu/menu-csv";
import { menuItemData } from "@/lib/menu/save-menu-item";

export const MENU_CSV_MAX_BYTES = 2 * 1024 * 1024;
// The multipart envelope around the file (boundaries, part headers).
const MULTIPART_SLACK_BYTES = 64 * 1024;

const tooLarge = () => new ApiError(413, "The file is too large. The limit is 2 MB.");
const noFile = () => unprocessable("No File Selected", { title: "No File Selected" });
const notCsv = () => unprocessable("Please select a CSV file.", { title: "Invalid File Type" });

/** The `file` field of a multipart request, read with a size cap whatever Content-Length says. */
export async function readCsvUpload(req: NextRequest): Promise<string> {
  const limit = MENU_CSV_MAX_BYTES + MULTIPART_SLACK_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) throw noFile();
  const bytes = await readBodyCapped(req, limit);
  if (bytes === null) throw tooLarge();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw noFile();
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || (file.size === 0 && !("name" in file && file.name))) {
    throw noFile();
  }
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  if (!/\.csv$/i.test(name)) throw notCsv();
  if (file.size > MENU_CSV_MAX_BYTES) throw tooLarge();
  const raw = new Uint8Array(await file.arrayBuffer());
  // A spreadsheet saved as .xlsx, an image renamed .csv...: not text, not a CSV.
  if (raw.includes(0)) throw notCsv();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw notCsv();
  }
}

/**
 * POST /api/menu/bulk-upload: every valid row becomes a menu item, all in one transaction (the
 * import is all-or-nothing for the good rows; a bad row is reported and never half-written).
 */
export async function importMenuCsv(actor: SessionUser, text: string): Promise<BulkUploadResult> {
  const parsed = parseMenuCsv(text);
  if (!parsed.ok) throw unprocessable(parsed.message, { title: "Upload Failed" });
  const { rows, errors } = parsed;
  if (rows.length > 0) {
    const db = await getDb();
    await db.$transaction(async (tx) => {
      const created = await tx.menuItem.createManyAndReturn({
        data: rows.map((r) => menuItemData(r.item)),
        select: { id: true, name: true },
      });
      await tx.auditLog.createMany({
        data: created.map((item) => ({
          actorId: actor.id,
          action: "menu-item.create",
          entity: "MenuItem",
          entityId: String(item.id),
          details: { name: item.name, source: "csv" },
        })),
      });
    });
  }
  return { successCount: rows.length, errorCount: errors.length, errors };
}
