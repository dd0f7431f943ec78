import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session";
import { DEFAULT_TOP_UP_LIMITS, type WalletSettingsDto } from "@/lib/contracts/wallet";
import { fromNgwee, toNgwee } from "@/lib/money";
import { readSetting, SETTING_KEYS, writeSetting, type SchoolRef } from "@/lib/settings/settings";
import type { WalletSettingsInput } from "@/lib/validations/wallet";

// The school's wallet settings (issue 47): the limits per top-up, K20 to K2,000 until the school
// saves its own. One JSON row, read from memory under the settings' version like every setting.

const DEFAULTS: WalletSettingsDto = {
  minTopUp: fromNgwee(DEFAULT_TOP_UP_LIMITS.minNgwee),
  maxTopUp: fromNgwee(DEFAULT_TOP_UP_LIMITS.maxNgwee),
};

const amount = z.string().refine((value) => {
  try {
    return toNgwee(value) > 0;
  } catch {
    return false;
  }
});
const walletSchema = z.object({ minTopUp: amount, maxTopUp: amount });

function toWallet(value: unknown): WalletSettingsDto {
  const parsed = walletSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULTS;
}

/** GET /api/settings/wallet. */
export async function getWalletSettings(school: SchoolRef): Promise<WalletSettingsDto> {
  return toWallet(await readSetting(school, SETTING_KEYS.wallet));
}

/** POST /api/settings/wallet: audited with the limits before and after. */
export async function saveWalletSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: WalletSettingsInput,
): Promise<WalletSettingsDto> {
  const next = { minTopUp: fromNgwee(input.minTopUp), maxTopUp: fromNgwee(input.maxTopUp) };
  return writeSetting(school, actor, SETTING_KEYS.wallet, next, toWallet);
}
