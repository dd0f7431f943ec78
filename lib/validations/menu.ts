import { z } from "zod";
import {
  ALLERGENS,
  CUSTOM_ALLERGENS_MAX,
  isAllergenName,
  tidyAllergenName,
  unknownAllergenMessage,
} from "@/lib/contracts/allergies";
import { freeText, singleLine } from "@/lib/validations/text";

// Menu items (spec 001 §3 and §5): shared by the menu item form (zodResolver), POST /api/menu,
// PUT /api/menu/{id} and each row of the CSV upload, so every path applies the same rules.

export const MENU_WEEKS = [1, 2, 3, 4, 5, 6] as const;
export const MENU_DAYS = [1, 2, 3, 4, 5] as const;
export const PROTEIN_PRESETS = ["beef", "chicken", "vegetarian", "fish"] as const;
// The allergen list lives with the allergy rule (lib/contracts/allergies.ts).
export { ALLERGENS };
/** Issue 47: `counter` items (a snack, a drink) are sold at the counter and never pre-ordered. */
export const MENU_ITEM_TYPES = ["primary", "secondary", "counter"] as const;
export const TYPE_MESSAGE = "Type must be primary, secondary or counter";
export const CATEGORY_REQUIRED = "Select at least one category";
export const WEEK_REQUIRED = "Select at least one week";
export const DAY_REQUIRED = "Select at least one day";

/** Issue 47: the most portions a daily cap may name (a school's day, with room to spare). */
export const DAILY_CAP_MAX = 100_000;
export const DAILY_CAP_MESSAGE = `Daily cap must be a whole number of portions from 1 to ${DAILY_CAP_MAX}, or empty for no cap`;

export const MENU_NAME_MAX = 120;
export const MENU_DESCRIPTION_MAX = 2000;
export const MENU_CATEGORIES_MAX = 20;
export const MENU_CATEGORY_MAX = 40;
export const MENU_SIDE_DISHES_MAX = 30;
export const MENU_SIDE_DISH_MAX = 60;
export const MENU_PROTEIN_DESCRIPTION_MAX = 300;
export const MENU_IMAGE_URL_MAX = 2048;

export const PRICE_MESSAGE = "Price must be a valid positive number with up to 2 decimal places";
export const DISCOUNT_PRICE_MESSAGE =
  "Discount price must be a valid positive number with up to 2 decimal places";
export const DISCOUNT_BELOW_PRICE_MESSAGE = "Discount price must be lower than the price";

// Decimal(10, 2): up to 8 digits before the point.
const AMOUNT = /^\d{1,8}(?:\.\d{1,2})?$/;

/** "45.5" → "45.50" (digits only: no float ever touches the amount). */
function normaliseAmount(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  return `${String(Number(whole))}.${fraction.padEnd(2, "0")}`;
}

/** A price as the form types it (string) or as JSON (number), to a 2-decimal string. */
const amount = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
    .refine((v) => AMOUNT.test(v), message)
    .transform(normaliseAmount);

const optionalAmount = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v) =>
      v === undefined || v === null ? null : typeof v === "number" ? String(v) : v.trim(),
    )
    .refine((v) => v === null || v === "" || AMOUNT.test(v), message)
    .transform((v) => (v === null || v === "" ? null : normaliseAmount(v)));

const uniqueTexts = (values: string[]) => [...new Set(values)];

// Weeks, days and proteins may be empty here: a counter item has none, and the "at least one"
// rule of the other types is checked with the item's type (withItemRules).
const intList = (min: number, max: number, message: string, emptyMessage: string) =>
  z
    .array(z.number({ error: message }).int(message).min(min, message).max(max, message), {
      error: emptyMessage,
    })
    .nullish()
    .transform((values) => [...new Set(values ?? [])].sort((a, b) => a - b));

/**
 * `dailyCap` (issue 47): portions per school day, or null for no cap. The form sends its text
 * ("" for none), JSON a number; absent (undefined) leaves an edited item's cap as it was.
 */
export const dailyCapField = z
  .union([z.number(), z.string(), z.null()], { error: DAILY_CAP_MESSAGE })
  .optional()
  .transform((v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v))
  .refine(
    (v) => v === undefined || v === null || (typeof v === "string" ? /^\d{1,6}$/.test(v) : true),
    DAILY_CAP_MESSAGE,
  )
  .transform((v) => (typeof v === "string" ? Number(v) : v))
  .refine(
    (v) => v === undefined || v === null || (Number.isInteger(v) && v >= 1 && v <= DAILY_CAP_MAX),
    DAILY_CAP_MESSAGE,
  );

const builtInByKey = new Map<string, string>(ALLERGENS.map((a) => [a.toLowerCase(), a]));

function uniqueByCase(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.toLowerCase()) && !!seen.add(v.toLowerCase()));
}

/**
 * A list of allergen names, each once (without regard to case), the built-ins in ALLERGENS'
 * spelling: the menu item's `allergens` and the student's `allergies`. A name that is not a
 * built-in passes only when it could be one of the school's own (lib/contracts/allergies.ts); the
 * domain function then holds the list to the school's choices (lib/settings/allergens.ts), which
 * a schema shared with the browser cannot know.
 */
export const allergenList = z
  .array(z.string({ error: "Unknown allergen" }), { error: "Unknown allergen" })
  .nullish()
  .transform((v) => (v ?? []).map(tidyAllergenName).filter(Boolean))
  .superRefine((values, ctx) => {
    for (const value of values) {
      if (!builtInByKey.has(value.toLowerCase()) && !isAllergenName(value)) {
        ctx.addIssue({ code: "custom", message: unknownAllergenMessage(value, []) });
        return;
      }
    }
  })
  .transform((values) => uniqueByCase(values.map((a) => builtInByKey.get(a.toLowerCase()) ?? a)))
  .refine(
    (values) => values.length <= ALLERGENS.length + CUSTOM_ALLERGENS_MAX,
    "Too many allergens",
  );

const menuItemFields = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .check(singleLine("Name"))
    .min(1, "Name is required")
    .max(MENU_NAME_MAX, `Name must be at most ${MENU_NAME_MAX} characters`),
  description: z
    .string({ error: "Invalid description" })
    .check(...freeText("Description"))
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .refine(
      (v) => v === null || v.length <= MENU_DESCRIPTION_MAX,
      `Description must be at most ${MENU_DESCRIPTION_MAX} characters`,
    ),
  price: amount(PRICE_MESSAGE),
  discountPrice: optionalAmount(DISCOUNT_PRICE_MESSAGE),
  imageUrl: z
    .union([
      z.literal("").transform(() => null),
      z.null(),
      // The URL parser accepts control characters (it strips or encodes them), but the address is
      // stored as given.
      z
        .url({ protocol: /^https?$/, error: "Invalid URL" })
        .max(MENU_IMAGE_URL_MAX, "Invalid URL")
        .check(singleLine("Image URL")),
    ])
    .optional()
    .transform((v) => v ?? null),
  type: z.enum(MENU_ITEM_TYPES, { error: TYPE_MESSAGE }).default("secondary"),
  categories: z
    .array(
      z
        .string({ error: CATEGORY_REQUIRED })
        .check(singleLine("Protein name"))
        .max(MENU_CATEGORY_MAX, `Protein names must be at most ${MENU_CATEGORY_MAX} characters`),
      { error: CATEGORY_REQUIRED },
    )
    .nullish()
    .transform((values) =>
      uniqueTexts((values ?? []).map((v) => v.trim().toLowerCase()).filter(Boolean)),
    )
    .refine(
      (values) => values.length <= MENU_CATEGORIES_MAX,
      `At most ${MENU_CATEGORIES_MAX} categories`,
    ),
  proteinDescriptions: z
    .record(
      z.string().check(singleLine("Protein name")),
      z
        .string({ error: "Protein descriptions must be text" })
        .check(...freeText("Protein description"))
        .max(
          MENU_PROTEIN_DESCRIPTION_MAX,
          `Protein descriptions must be at most ${MENU_PROTEIN_DESCRIPTION_MAX} characters`,
        ),
      { error: "Protein descriptions must be text" },
    )
    .nullish()
    .transform((v) => v ?? {}),
  weekNumbers: intList(1, 6, "Weeks must be between 1 and 6", WEEK_REQUIRED),
  daysOfWeek: intList(1, 5, "Days must be between 1 (Monday) and 5 (Friday)", DAY_REQUIRED),
  allergens: allergenList,
  sideDishes: z
    .array(
      z
        .string({ error: "Side dishes must be text" })
        .check(singleLine("Side dish"))
        .max(MENU_SIDE_DISH_MAX, `Side dishes must be at most ${MENU_SIDE_DISH_MAX} characters`),
      { error: "Side dishes must be text" },
    )
    .nullish()
    .transform((v) => uniqueTexts((v ?? []).map((s) => s.trim()).filter(Boolean)))
    .refine(
      (values) => values.length <= MENU_SIDE_DISHES_MAX,
      `At most ${MENU_SIDE_DISHES_MAX} side dishes`,
    ),
  isAvailable: z.boolean({ error: "Availability must be true or false" }).default(true),
  dailyCap: dailyCapField,
});

type MenuItemFields = z.output<typeof menuItemFields>;

/**
 * A pre-ordered item (primary, secondary) needs a protein, a week and a day; a counter item has
 * none (issue 47). Run even when other fields failed (`when`), so the form shows every message
 * at once, as it did when the rule sat on each field.
 */
function requireSchedule(value: unknown, ctx: z.RefinementCtx) {
  const item = (value ?? {}) as Record<string, unknown>;
  if (item.type === "counter") return;
  const empty = (field: string) => Array.isArray(item[field]) && item[field].length === 0;
  if (empty("categories"))
    ctx.addIssue({ code: "custom", path: ["categories"], message: CATEGORY_REQUIRED });
  if (empty("weekNumbers"))
    ctx.addIssue({ code: "custom", path: ["weekNumbers"], message: WEEK_REQUIRED });
  if (empty("daysOfWeek"))
    ctx.addIssue({ code: "custom", path: ["daysOfWeek"], message: DAY_REQUIRED });
}

/** The cross-field rules: a discount below the price; descriptions only of chosen proteins. */
function withItemRules<S extends z.ZodType<MenuItemFields>>(schema: S) {
  return schema
    .superRefine(requireSchedule, { when: () => true })
    .superRefine((value, ctx) => {
      const item: MenuItemFields = value;
      if (item.discountPrice !== null && cents(item.discountPrice) >= cents(item.price)) {
        ctx.addIssue({
          code: "custom",
          path: ["discountPrice"],
          message: DISCOUNT_BELOW_PRICE_MESSAGE,
        });
      }
    })
    .transform((item) => {
      // Descriptions of proteins the item no longer offers are dropped (the form keeps them
      // while a box is unticked); keys follow the categories' lower-case form.
      const fields: MenuItemFields = item;
      // A counter item is sold any day at the counter: no proteins, weeks, days or sides.
      if (fields.type === "counter") {
        return {
          ...item,
          categories: [],
          proteinDescriptions: {},
          weekNumbers: [],
          daysOfWeek: [],
          sideDishes: [],
        };
      }
      const descriptions: Record<string, string> = {};
      for (const [key, text] of Object.entries(fields.proteinDescriptions)) {
        const protein = key.trim().toLowerCase();
        const description = text.trim();
        if (fields.categories.includes(protein) && description !== "") {
          descriptions[protein] = description;
        }
      }
      return { ...item, proteinDescriptions: descriptions };
    });
}

function cents(amountText: string): number {
  const [whole = "0", fraction = "00"] = amountText.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** POST /api/menu, a CSV row, and the form. */
export const menuItemSchema = withItemRules(menuItemFields);
export type MenuItemInput = z.input<typeof menuItemSchema>;
export type MenuItemValues = z.output<typeof menuItemSchema>;

/** PUT /api/menu/{id}: the same fields plus the version the editor loaded (optional). */
export const menuItemUpdateSchema = withItemRules(
  menuItemFields.extend({
    version: z
      .number({ error: "Invalid version" })
      .int("Invalid version")
      .positive("Invalid version")
      .optional(),
  }),
);
export type MenuItemUpdateValues = z.output<typeof menuItemUpdateSchema>;

const MAX_ID = 2_147_483_647;
const itemIds = (message: string) =>
  z
    .array(z.number({ error: message }).int(message).positive(message).max(MAX_ID, message), {
      error: message,
    })
    .min(1, message)
    .max(500, "At most 500 menu items at once")
    .transform((ids) => [...new Set(ids)]);

export const menuItemIdsSchema = z.object({ itemIds: itemIds("Select at least one menu item") });
export const hasOrdersBatchSchema = z.object({
  menuItemIds: itemIds("Select at least one menu item"),
});
export const bulkArchiveSchema = z.object({
  itemIds: itemIds("Select at least one menu item"),
  isArchived: z.boolean({ error: "isArchived must be true or false" }),
});
export const availabilitySchema = z.object({
  isAvailable: z.boolean({ error: "isAvailable must be true or false" }),
});
export const archiveSchema = z.object({
  isArchived: z.boolean({ error: "isArchived must be true or false" }),
});
