import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, unprocessable } from "@/lib/api/errors";
import { readBodyCapped } from "@/lib/api/read-body";
import type { SessionUser } from "@/lib/auth/session";
import type { BulkUploadResult } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { parseMenuCsv, type MenuCsvRow } from "@/lib/menu/menu-csv";
import { menuItemData } from "@/lib/menu/save-menu-item";
import { toNgwee } from "@/lib/money";
import { idKey } from "@/lib/schools/keys";
import { getCustomAllergens } from "@/lib/settings/settings";

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

/** The lock two uploads take, so two copies of one file sent at once cannot both add its items. */
const MENU_CSV_LOCK = 4_404_001;

type ExistingItem = { id: number; key: string; price: string; discountPrice: string | null };

/**
 * POST /api/menu/bulk-upload (issue 44, decision 0072): all or nothing. A file with any bad row
 * saves nothing and lists every reason of every row. A row named like a current (not archived)
 * menu item, whatever the case, updates that item (its name, and the optional imageUrl and
 * discountPrice when the file has no such column, stay as they are); any other row adds an item.
 * So the same file uploaded twice adds nothing the second time. One transaction, under a lock.
 */
export async function importMenuCsv(
  school: SchoolContext,
  actor: SessionUser,
  text: string,
): Promise<BulkUploadResult> {
  const schoolId = school.id;
  const parsed = parseMenuCsv(text, await getCustomAllergens(school));
  if (!parsed.ok) throw unprocessable(parsed.message, { title: "Upload Failed" });
  if (parsed.errors.length > 0) return refused(parsed.errors, parsed.badRows);
  const { rows } = parsed;
  const db = await schoolDb(schoolId);
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`
        SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${MENU_CSV_LOCK}::int, ${schoolId}::int)`;
      const keys = rows.map((row) => row.item.name.toLowerCase());
      const existing = await tx.$queryRaw<ExistingItem[]>`
        SELECT "id", lower("name") AS "key", "price"::text AS "price",
          "discountPrice"::text AS "discountPrice"
        FROM "MenuItem"
        WHERE "schoolId" = ${schoolId} AND NOT "isArchived" AND lower("name") = ANY(${keys})
        ORDER BY "id"`;
      const byKey = new Map<string, ExistingItem[]>();
      for (const item of existing) byKey.set(item.key, [...(byKey.get(item.key) ?? []), item]);

      const errors: string[] = [];
      const toCreate: MenuCsvRow[] = [];
      const toUpdate: { row: MenuCsvRow; item: ExistingItem }[] = [];
      for (const row of rows) {
        const matches = byKey.get(row.item.name.toLowerCase()) ?? [];
        const [item] = matches;
        if (!item) toCreate.push(row);
        else if (matches.length > 1) {
          errors.push(`Row ${row.line}: ${ambiguousNameMessage(matches.length)}`);
        } else if (
          !row.has.discountPrice &&
          item.discountPrice !== null &&
          toNgwee(item.discountPrice) >= toNgwee(row.item.price)
        ) {
          errors.push(`Row ${row.line}: ${KEPT_DISCOUNT_MESSAGE}`);
        } else toUpdate.push({ row, item });
      }
      if (errors.length > 0) return refused(errors, errors.length);

      // Nothing to add is no statement (the guard refuses a create naming no row, so no school).
      const created =
        toCreate.length === 0
          ? []
          : await tx.menuItem.createManyAndReturn({
              data: toCreate.map((row) => ({ schoolId, ...menuItemData(row.item) })),
              select: { id: true, name: true },
            });
      for (const { row, item } of toUpdate) {
        // The name stays as stored (it may differ in case; an item with orders keeps its name).
        const { name: _name, imageUrl, discountPrice, ...data } = menuItemData(row.item);
        await tx.menuItem.update({
          where: idKey(schoolId, item.id),
          data: {
            ...data,
            ...(row.has.imageUrl && { imageUrl }),
            ...(row.has.discountPrice && { discountPrice }),
            version: { increment: 1 },
          },
          select: { id: true },
        });
      }
      const changes = [
        ...created.map((item) => ({ id: item.id, name: item.name, action: "create" })),
        ...toUpdate.map(({ row, item }) => ({
          id: item.id,
          name: row.item.name,
          action: "update",
        })),
      ];
      if (changes.length > 0) {
        await tx.auditLog.createMany({
          data: changes.map((change) => ({
            schoolId,
            actorId: actor.id,
            action: `menu-item.${change.action}`,
            entity: "MenuItem",
            entityId: String(change.id),
            details: { name: change.name, source: "csv" },
          })),
        });
      }
      return {
        successCount: rows.length,
        errorCount: 0,
        errors: [],
        createdCount: created.length,
        updatedCount: toUpdate.length,
      };
    },
    // Up to 2,000 rows, each update its own statement.
    { timeout: 60_000 },
  );
}

export const KEPT_DISCOUNT_MESSAGE =
  "the menu item's discount price is not lower than this price (add a discountPrice column)";
const ambiguousNameMessage = (count: number) =>
  `${count} current menu items have this name; rename or archive all but one of them first`;

/** Nothing saved: every reason listed, `errorCount` counting the rows (spec 001 §8's "items"). */
const refused = (errors: string[], badRows: number): BulkUploadResult => ({
  successCount: 0,
  errorCount: badRows,
  errors,
  createdCount: 0,
  updatedCount: 0,
});
