import { z } from "zod";
import {
  ALLERGEN_NAME,
  ALLERGEN_NAME_MAX,
  ALLERGEN_NAME_MIN,
  ALLERGENS,
  CUSTOM_ALLERGENS_MAX,
  tidyAllergenName,
} from "@/lib/contracts/allergies";
import { USER_SEARCH_MIN_LENGTH } from "@/lib/contracts/settings";
import { singleLine } from "@/lib/validations/text";

// Settings (spec 001 §3, §5): the forms of the Settings tabs and the POSTs of /api/settings/*.
// Texts are trimmed and bounded; the spec's own messages are kept where it gives one.

export const cutoffTimeSchema = z.object({
  hour: z
    .number({ error: "Hour must be between 0 and 23" })
    .int("Hour must be between 0 and 23")
    .min(0, "Hour must be between 0 and 23")
    .max(23, "Hour must be between 0 and 23"),
  minute: z
    .number({ error: "Minute must be between 0 and 59" })
    .int("Minute must be between 0 and 59")
    .min(0, "Minute must be between 0 and 59")
    .max(59, "Minute must be between 0 and 59"),
});
export type CutoffTimeInput = z.infer<typeof cutoffTimeSchema>;

/** POST /api/settings/reminders: on or off, and the time of day the reminders go. */
export const reminderSettingsSchema = cutoffTimeSchema.extend({
  enabled: z.boolean({ error: "Reminders must be on or off" }),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .check(singleLine(label))
    .max(max, `${label} must be at most ${max} characters`)
    .default("");

const mobileMoney = (provider: string) =>
  z
    .object({
      name: text(`${provider} account name`, 100),
      number: text(`${provider} phone number`, 30),
    })
    .default({ name: "", number: "" });

export const paymentBypassSchema = z.object({
  enabled: z.boolean({ error: "Enabled must be true or false" }),
  airtelMoney: mobileMoney("Airtel Money"),
  mtnMoney: mobileMoney("MTN Money"),
  bankTransfer: z
    .object({
      bankName: text("Bank name", 100),
      accountName: text("Account name", 100),
      accountNumber: text("Account number", 40),
      branchName: text("Branch name", 100),
      swiftCode: text("Swift code", 20),
    })
    .default({ bankName: "", accountName: "", accountNumber: "", branchName: "", swiftCode: "" }),
});
export type PaymentBypassInput = z.input<typeof paymentBypassSchema>;
export type PaymentBypassValues = z.output<typeof paymentBypassSchema>;

/** POST /api/settings/bank-transfer (issue 44): paying later by transfer, on or off. */
export const bankTransferSettingSchema = z.object({
  enabled: z.boolean({ error: "Enabled must be true or false" }),
});
export type BankTransferSettingInput = z.output<typeof bankTransferSettingSchema>;

export const NO_OPERATOR = "Choose at least one operator to turn mobile money on";

/** POST /api/settings/mobile-money (issue 16): the Settings payments tab's switches. */
export const mobileMoneySettingsSchema = z
  .object({
    enabled: z.boolean({ error: "Enabled must be true or false" }),
    operators: z.object(
      {
        airtel: z.boolean({ error: "Airtel must be true or false" }),
        mtn: z.boolean({ error: "MTN must be true or false" }),
      },
      { error: "Operators must say airtel and mtn" },
    ),
  })
  .refine((v) => !v.enabled || v.operators.airtel || v.operators.mtn, {
    message: NO_OPERATOR,
    path: ["operators"],
  });
export type MobileMoneySettingsInput = z.output<typeof mobileMoneySettingsSchema>;

export const INVALID_EMAIL = "Please enter a valid email address";

export const communicationSchema = z.object({
  supportEmail: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .refine((value) => value === "" || z.email().safeParse(value).success, INVALID_EMAIL)
    .default(""),
  whatsappNumber: text("WhatsApp number", 30),
});
export type CommunicationInput = z.input<typeof communicationSchema>;
export type CommunicationValues = z.output<typeof communicationSchema>;

export const ALLERGEN_NAME_LENGTH = `Allergen names must be ${ALLERGEN_NAME_MIN} to ${ALLERGEN_NAME_MAX} characters`;
export const ALLERGEN_NAME_CHARACTERS = "Allergen names may hold only letters, spaces and hyphens";
export const TOO_MANY_CUSTOM_ALLERGENS = `A school can add at most ${CUSTOM_ALLERGENS_MAX} allergens`;
export const allergenAlreadyListed = (name: string) => `${name} is already in the list`;
export const allergenIsBuiltIn = (name: string) => `${name} is already a standard allergen`;

/** One allergen of the school's own: trimmed, one space between words, letters and hyphens. */
export const allergenNameSchema = z
  .string({ error: ALLERGEN_NAME_LENGTH })
  .transform(tidyAllergenName)
  .pipe(
    z
      .string()
      .min(ALLERGEN_NAME_MIN, ALLERGEN_NAME_LENGTH)
      .max(ALLERGEN_NAME_MAX, ALLERGEN_NAME_LENGTH)
      .regex(ALLERGEN_NAME, ALLERGEN_NAME_CHARACTERS),
  );

const builtInKeys = new Set<string>(ALLERGENS.map((a) => a.toLowerCase()));

/**
 * POST /api/settings/allergens: the school's whole list (issue 44), at most 20, none twice and
 * none a built-in, whatever the case. Each name is checked alone first, so the messages name it.
 */
export const customAllergensSchema = z.object({
  custom: z
    .array(allergenNameSchema, { error: "Allergens must be a list of names" })
    .max(CUSTOM_ALLERGENS_MAX, TOO_MANY_CUSTOM_ALLERGENS)
    .superRefine((names, ctx) => {
      const seen = new Set<string>();
      names.forEach((name, index) => {
        const key = name.toLowerCase();
        const message = builtInKeys.has(key)
          ? allergenIsBuiltIn(name)
          : seen.has(key)
            ? allergenAlreadyListed(name)
            : null;
        if (message) ctx.addIssue({ code: "custom", message, path: [index] });
        seen.add(key);
      });
    }),
});
export type CustomAllergensInput = z.output<typeof customAllergensSchema>;

/** PUT /api/discount-codes/{id}: the table's active switch. */
export const discountCodeUpdateSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});

export const USER_SEARCH_TOO_SHORT = `Please enter at least ${USER_SEARCH_MIN_LENGTH} characters to search`;

/** GET /api/users/search?q= */
export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: USER_SEARCH_TOO_SHORT })
    .trim()
    .check(singleLine("Search"))
    .min(USER_SEARCH_MIN_LENGTH, USER_SEARCH_TOO_SHORT)
    .max(100, "Search must be at most 100 characters"),
});
