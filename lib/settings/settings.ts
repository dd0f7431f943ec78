import "server-only";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { MobileMoneySettingsDto } from "@/lib/contracts/mobile-money";
import type { SchoolContext } from "@/lib/contracts/schools";
import type {
  BankTransferSettingDto,
  CommunicationDto,
  CutoffTimeDto,
  PaymentBypassSettingsDto,
  ReminderSettingsDto,
} from "@/lib/contracts/settings";
import { schoolDb, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import type {
  BankTransferSettingInput,
  CommunicationValues,
  CutoffTimeInput,
  MobileMoneySettingsInput,
  PaymentBypassValues,
  ReminderSettingsInput,
} from "@/lib/validations/settings";

// School-wide settings, one JSON row per key. Reads parse with zod and fall back to the defaults,
// so a missing or damaged row never breaks ordering. Each instance keeps the rows in memory under
// the settings' version (lib/cache/versioned-cache.ts), which every write to Setting bumps in its
// own transaction: every order check still sees a saved cut-off at once, on every instance.
// Many schools (issue 45): every setting is the school's own, read and written under its id; a
// school without a row for a setting reads the same default as a school that never saved it.

/** What a setting's read needs of the school: its id (a whole SchoolContext fits). */
export type SchoolRef = Pick<SchoolContext, "id">;

export const SETTING_KEYS = {
  cutoff: "cutoff-time",
  paymentBypass: "payment-bypass",
  communication: "communication",
  mobileMoney: "mobile-money",
  reminders: "order-reminders",
  allergens: "allergens",
  bankTransfer: "bank-transfer",
  wallet: "wallet",
  counter: "counter",
  messaging: "messaging",
  promotion: "grade-promotion",
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

const cutoffSchema = z.object({
  cutoffHour: z.number().int().min(0).max(23),
  cutoffMinute: z.number().int().min(0).max(59),
});
const communicationSchema = z.object({
  supportEmail: z.string().default(""),
  whatsappNumber: z.string().default(""),
});

/** Off until the school has mobile money on its DPO account and turns it on. */
const mobileMoneySchema = z.object({
  enabled: z.boolean().default(false),
  operators: z
    .object({ airtel: z.boolean().default(false), mtn: z.boolean().default(false) })
    .default({ airtel: false, mtn: false }),
});

export const DEFAULT_CUTOFF: CutoffTimeDto = { cutoffHour: 8, cutoffMinute: 0 };
export const DEFAULT_REMINDERS: ReminderSettingsDto = { enabled: false, hour: 17, minute: 0 };
const remindersSchema = z.object({
  enabled: z.boolean(),
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
});

/** The school's own allergens (issue 44), kept as `{ custom: [...] }`. */
const customAllergensSchema = z.object({ custom: z.array(z.string()) });
function toCustomAllergens(value: unknown): { custom: string[] } {
  const parsed = customAllergensSchema.safeParse(value);
  return parsed.success ? { custom: parsed.data.custom } : { custom: [] };
}

/**
 * Whether the Cart offers to order now and pay later by transfer (issue 44). On unless the school
 * turned it off, so installs from before the setting keep the spec's "Pay by … Bank Transfer".
 */
export const DEFAULT_BANK_TRANSFER: BankTransferSettingDto = { enabled: true };
const bankTransferSchema = z.object({ enabled: z.boolean() });
function toBankTransfer(value: unknown): BankTransferSettingDto {
  const parsed = bankTransferSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_BANK_TRANSFER;
}

function toReminders(value: unknown): ReminderSettingsDto {
  const parsed = remindersSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_REMINDERS;
}

/** A setting's saved value as stored (undefined when never saved): callers parse it with zod. */
export async function readSetting(school: SchoolRef, key: SettingKey): Promise<unknown> {
  const schoolId = school.id;
  return cachedRead(schoolId, "settings", key, async () => {
    const db = await schoolDb(schoolId);
    const row = await db.setting.findUnique({
      where: { schoolId_key: { schoolId, key } },
      select: { value: true },
    });
    return row?.value;
  });
}

function toCutoff(value: unknown): CutoffTimeDto {
  const parsed = cutoffSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_CUTOFF;
}

function toCommunication(value: unknown): CommunicationDto {
  const parsed = communicationSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { supportEmail: "", whatsappNumber: "" };
}

function toMobileMoney(value: unknown): Omit<MobileMoneySettingsDto, "waitSeconds"> {
  const parsed = mobileMoneySchema.safeParse(value ?? {});
  return parsed.success
    ? parsed.data
    : { enabled: false, operators: { airtel: false, mtn: false } };
}

/** Every field of the payment bypass settings, empty text for whatever the row lacks. */
function toPaymentBypass(value: unknown): PaymentBypassSettingsDto {
  const record = isRecord(value) ? value : {};
  const part = (name: string) => (isRecord(record[name]) ? record[name] : {});
  const str = (source: Record<string, unknown>, name: string) =>
    typeof source[name] === "string" ? source[name] : "";
  const airtel = part("airtelMoney");
  const mtn = part("mtnMoney");
  const bank = part("bankTransfer");
  return {
    enabled: record.enabled === true,
    airtelMoney: { name: str(airtel, "name"), number: str(airtel, "number") },
    mtnMoney: { name: str(mtn, "name"), number: str(mtn, "number") },
    bankTransfer: {
      bankName: str(bank, "bankName"),
      accountName: str(bank, "accountName"),
      accountNumber: str(bank, "accountNumber"),
      branchName: str(bank, "branchName"),
      swiftCode: str(bank, "swiftCode"),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function getCutoffTime(school: SchoolRef): Promise<CutoffTimeDto> {
  return toCutoff(await readSetting(school, SETTING_KEYS.cutoff));
}

export async function getCommunicationSettings(school: SchoolRef): Promise<CommunicationDto> {
  return toCommunication(await readSetting(school, SETTING_KEYS.communication));
}

export async function getReminderSettings(school: SchoolRef): Promise<ReminderSettingsDto> {
  return toReminders(await readSetting(school, SETTING_KEYS.reminders));
}

/** POST /api/settings/reminders: whether and when order reminders go (issue 19). */
export async function saveReminderSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: ReminderSettingsInput,
): Promise<ReminderSettingsDto> {
  const next = { enabled: input.enabled, hour: input.hour, minute: input.minute };
  return writeSetting(school, actor, SETTING_KEYS.reminders, next, toReminders);
}

/** The school's own allergens, after the built-ins on every form (lib/settings/allergens.ts). */
export async function getCustomAllergens(school: SchoolRef): Promise<string[]> {
  return toCustomAllergens(await readSetting(school, SETTING_KEYS.allergens)).custom;
}

/** Saves the school's own allergens; `check` runs first in the transaction, with the list before. */
export async function saveCustomAllergens(
  school: SchoolRef,
  actor: SessionUser,
  custom: string[],
  check: (tx: Tx, before: string[]) => Promise<void>,
): Promise<string[]> {
  const saved = await writeSetting(
    school,
    actor,
    SETTING_KEYS.allergens,
    { custom },
    toCustomAllergens,
    {
      check: (tx, before) => check(tx, toCustomAllergens(before).custom),
    },
  );
  return saved.custom;
}

export async function getPaymentBypassSettings(
  school: SchoolRef,
): Promise<PaymentBypassSettingsDto> {
  return toPaymentBypass(await readSetting(school, SETTING_KEYS.paymentBypass));
}

/** GET /api/settings/bank-transfer: whether orders may be placed now and paid later by transfer. */
export async function getBankTransferSetting(school: SchoolRef): Promise<BankTransferSettingDto> {
  return toBankTransfer(await readSetting(school, SETTING_KEYS.bankTransfer));
}

/** POST /api/settings/bank-transfer: the school turns paying later by transfer on or off. */
export async function saveBankTransferSetting(
  school: SchoolRef,
  actor: SessionUser,
  input: BankTransferSettingInput,
): Promise<BankTransferSettingDto> {
  return writeSetting(
    school,
    actor,
    SETTING_KEYS.bankTransfer,
    { enabled: input.enabled },
    toBankTransfer,
  );
}

/** GET /api/settings/mobile-money: what the Cart offers, and how long its waiting screen waits. */
export async function getMobileMoneySettings(school: SchoolRef): Promise<MobileMoneySettingsDto> {
  const saved = toMobileMoney(await readSetting(school, SETTING_KEYS.mobileMoney));
  return { ...saved, waitSeconds: env().MOBILE_MONEY_WAIT_SECONDS };
}

/**
 * Upserts one setting and records the audit row with the values before and after, in one
 * transaction. The row is locked first, so two admins saving at once get a true before/after each.
 */
export async function writeSetting<T extends Prisma.InputJsonObject>(
  school: SchoolRef,
  actor: SessionUser,
  key: SettingKey,
  next: T,
  normalize: (value: unknown) => Prisma.InputJsonObject,
  options: { check?: (tx: Tx, before: unknown) => Promise<void> } = {},
): Promise<T> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  await db.$transaction(async (tx: Tx) => {
    const rows = await tx.$queryRaw<{ value: unknown }[]>`
      SELECT "value" FROM "Setting" WHERE "schoolId" = ${schoolId} AND "key" = ${key} FOR UPDATE`;
    const before = rows[0] ? normalize(rows[0].value) : undefined;
    await options.check?.(tx, before);
    await tx.setting.upsert({
      where: { schoolId_key: { schoolId, key } },
      create: { schoolId, key, value: next },
      update: { value: next },
    });
    await audit(school, tx, actor, {
      action: `setting.${key}`,
      entity: "Setting",
      entityId: key,
      ...(before === undefined ? {} : { before }),
      after: next,
    });
  });
  return next;
}

/** POST /api/settings/cutoff-time: the same-day cut-off, read by the next order check. */
export async function saveCutoffTime(
  school: SchoolRef,
  actor: SessionUser,
  input: CutoffTimeInput,
): Promise<CutoffTimeDto> {
  return writeSetting(
    school,
    actor,
    SETTING_KEYS.cutoff,
    { cutoffHour: input.hour, cutoffMinute: input.minute },
    toCutoff,
  );
}

/** POST /api/settings/payment-bypass: the alternative payment methods offered to parents. */
export async function savePaymentBypassSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: PaymentBypassValues,
): Promise<PaymentBypassSettingsDto> {
  const next = toPaymentBypass(input);
  return writeSetting(school, actor, SETTING_KEYS.paymentBypass, next, toPaymentBypass);
}

/** POST /api/settings/communication: where contact messages go, and the WhatsApp number. */
export async function saveCommunicationSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: CommunicationValues,
): Promise<CommunicationDto> {
  return writeSetting(
    school,
    actor,
    SETTING_KEYS.communication,
    { supportEmail: input.supportEmail, whatsappNumber: input.whatsappNumber },
    toCommunication,
  );
}

/** POST /api/settings/mobile-money: mobile money on or off, and which operators' wallets pay. */
export async function saveMobileMoneySettings(
  school: SchoolRef,
  actor: SessionUser,
  input: MobileMoneySettingsInput,
): Promise<MobileMoneySettingsDto> {
  const next = { enabled: input.enabled, operators: { ...input.operators } };
  await writeSetting(school, actor, SETTING_KEYS.mobileMoney, next, toMobileMoney);
  return { ...next, waitSeconds: env().MOBILE_MONEY_WAIT_SECONDS };
}
