import { route } from "@/lib/api/handler";
import { getBankTransferSetting, saveBankTransferSetting } from "@/lib/settings/settings";
import { bankTransferSettingSchema } from "@/lib/validations/settings";

// GET /api/settings/bank-transfer — whether the Cart offers to order now and pay later by transfer.
export const GET = route({ access: "user" }, async ({ school }) => getBankTransferSetting(school));

// POST /api/settings/bank-transfer — the Settings payments tab turns paying by transfer on or off.
export const POST = route(
  { access: { feature: "settings" }, body: bankTransferSettingSchema },
  async ({ school, user, body }) => saveBankTransferSetting(school, user, body),
);
