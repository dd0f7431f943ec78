import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session";
import {
  DEFAULT_COUNTER_DAILY_LIMIT_NGWEE,
  type CounterSettingsDto,
} from "@/lib/contracts/counter";
import { fromNgwee, toNgwee } from "@/lib/money";
import { readSetting, SETTING_KEYS, writeSetting, type SchoolRef } from "@/lib/settings/settings";
import type { CounterSettingsInput } from "@/lib/validations/counter";

// The school's counter settings (issue 47): the daily limit per child, K50 until the school saves
// its own; a parent's own limit for a child replaces it. One JSON row under its own key (decision
// 0105), read from memory under the settings' version like every setting.

const DEFAULTS: CounterSettingsDto = { dailyLimit: fromNgwee(DEFAULT_COUNTER_DAILY_LIMIT_NGWEE) };

const stored = z.object({
  dailyLimit: z.string().refine((value) => {
    try {
      return toNgwee(value) >= 0;
    } catch {
      return false;
    }
  }),
});

function toCounterSettings(value: unknown): CounterSettingsDto {
  const parsed = stored.safeParse(value);
  return parsed.success ? parsed.data : DEFAULTS;
}

/** GET /api/settings/counter. */
export async function getCounterSettings(school: SchoolRef): Promise<CounterSettingsDto> {
  return toCounterSettings(await readSetting(school, SETTING_KEYS.counter));
}

/** The school's daily limit per child, in ngwee. */
export async function schoolDailyLimit(school: SchoolRef): Promise<number> {
  return toNgwee((await getCounterSettings(school)).dailyLimit);
}

/** POST /api/settings/counter: audited with the limit before and after. */
export async function saveCounterSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: CounterSettingsInput,
): Promise<CounterSettingsDto> {
  return writeSetting(
    school,
    actor,
    SETTING_KEYS.counter,
    { dailyLimit: fromNgwee(input.dailyLimit) },
    toCounterSettings,
  );
}
