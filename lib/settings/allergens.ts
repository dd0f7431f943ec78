import "server-only";
import { conflict, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import {
  ALLERGENS,
  allergenList,
  resolveAllergens,
  unknownAllergenMessage,
} from "@/lib/contracts/allergies";
import type { AllergenSettingsDto } from "@/lib/contracts/settings";
import type { Tx } from "@/lib/db";
import { getCustomAllergens, saveCustomAllergens, type SchoolRef } from "@/lib/settings/settings";
import type { CustomAllergensInput } from "@/lib/validations/settings";

// The school's own allergens (issue 44, decision 0070): a setting the office keeps, offered after
// the built-ins wherever they are. The zod schemas let a well-formed name through (they cannot
// know the school's list); the domain functions that write allergens hold them to it here.

/** GET /api/settings/allergens: the built-ins and the school's own, in the forms' order. */
export async function getAllergenSettings(school: SchoolRef): Promise<AllergenSettingsDto> {
  return { builtIn: [...ALLERGENS], custom: await getCustomAllergens(school) };
}

/**
 * A written list of allergens in the school's spelling, or 422 "Unknown allergen: … (choose from
 * …)" under `field` when one is neither a built-in nor the school's own. Undefined (a change that
 * leaves the field alone) stays undefined.
 */
export async function requireKnownAllergens<T extends readonly string[] | undefined>(
  school: SchoolRef,
  values: T,
  field: string,
): Promise<T extends undefined ? undefined : string[]> {
  type Out = T extends undefined ? undefined : string[];
  if (values === undefined) return undefined as Out;
  const custom = values.length === 0 ? [] : await getCustomAllergens(school);
  const resolved = resolveAllergens(values, custom);
  if (!resolved.ok) {
    const message = unknownAllergenMessage(resolved.unknown, custom);
    throw unprocessable(message, { details: { [field]: [message] } });
  }
  return resolved.allergens as Out;
}

/** "Mango is recorded for 2 children and 1 menu item. Remove it from them first." */
export function allergenInUseMessage(names: readonly string[], children: number, items: number) {
  const counted = (n: number, one: string, many: string) =>
    n > 0 ? `${n} ${n === 1 ? one : many}` : "";
  const whom = [counted(children, "child", "children"), counted(items, "menu item", "menu items")]
    .filter(Boolean)
    .join(" and ");
  const plural = names.length > 1;
  return `${allergenList(names)} ${plural ? "are" : "is"} recorded for ${whom}. Remove ${plural ? "them" : "it"} from them first.`;
}

/**
 * POST /api/settings/allergens: the school's whole list. Removing one that a current child or any
 * menu item (archived ones too: they can come back) still carries is refused (409, with the counts):
 * a child's allergy is health data the family gave, and the office takes it off that child first.
 */
export async function saveAllergenSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: CustomAllergensInput,
): Promise<AllergenSettingsDto> {
  const custom = await saveCustomAllergens(school, actor, input.custom, async (tx, before) => {
    const kept = new Set(input.custom.map((name) => name.toLowerCase()));
    const removed = before.filter((name) => !kept.has(name.toLowerCase()));
    if (removed.length > 0) await refuseRemovingCarried(tx, school.id, removed);
  });
  return { builtIn: [...ALLERGENS], custom };
}

async function refuseRemovingCarried(tx: Tx, schoolId: number, removed: string[]): Promise<void> {
  const keys = removed.map((name) => name.toLowerCase());
  const [counts] = await tx.$queryRaw<{ children: number; items: number }[]>`
    SELECT
      (SELECT count(*)::int FROM "Student" WHERE "schoolId" = ${schoolId} AND "archivedAt" IS NULL
        AND EXISTS (SELECT 1 FROM unnest("allergies") AS a WHERE lower(a) = ANY(${keys})))
        AS "children",
      (SELECT count(*)::int FROM "MenuItem" WHERE "schoolId" = ${schoolId}
        AND EXISTS (SELECT 1 FROM unnest("allergens") AS a WHERE lower(a) = ANY(${keys})))
        AS "items"`;
  const children = counts?.children ?? 0;
  const items = counts?.items ?? 0;
  if (children + items === 0) return;
  const carried = await tx.$queryRaw<{ name: string }[]>`
    SELECT DISTINCT lower(a) AS "name" FROM (
      SELECT unnest("allergies") AS a FROM "Student"
        WHERE "schoolId" = ${schoolId} AND "archivedAt" IS NULL
      UNION ALL SELECT unnest("allergens") FROM "MenuItem" WHERE "schoolId" = ${schoolId}) AS t
    WHERE lower(a) = ANY(${keys})`;
  const inUse = new Set(carried.map((row) => row.name));
  const names = removed.filter((name) => inUse.has(name.toLowerCase()));
  throw conflict(allergenInUseMessage(names, children, items), {
    allergenInUse: { allergens: names, children, menuItems: items },
  });
}
