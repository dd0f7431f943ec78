import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db";
import type { CommunicationDto, CutoffTimeDto, PaymentBypassDto } from "@/lib/contracts";

// School-wide settings, one JSON row per key. Reads parse with zod and fall back to the defaults,
// so a missing or damaged row never breaks ordering.

const cutoffSchema = z.object({
  cutoffHour: z.number().int().min(0).max(23),
  cutoffMinute: z.number().int().min(0).max(59),
});
const communicationSchema = z.object({
  supportEmail: z.string().default(""),
  whatsappNumber: z.string().default(""),
});
const paymentBypassSchema = z.object({ enabled: z.boolean().default(false) }).catchall(z.unknown());

export const DEFAULT_CUTOFF: CutoffTimeDto = { cutoffHour: 8, cutoffMinute: 0 };

async function readSetting(key: string): Promise<unknown> {
  const db = await getDb();
  const row = await db.setting.findUnique({ where: { key }, select: { value: true } });
  return row?.value;
}

export async function getCutoffTime(): Promise<CutoffTimeDto> {
  const parsed = cutoffSchema.safeParse(await readSetting("cutoff-time"));
  return parsed.success ? parsed.data : DEFAULT_CUTOFF;
}

export async function getCommunicationSettings(): Promise<CommunicationDto> {
  const parsed = communicationSchema.safeParse((await readSetting("communication")) ?? {});
  return parsed.success ? parsed.data : { supportEmail: "", whatsappNumber: "" };
}

export async function getPaymentBypassSettings(): Promise<PaymentBypassDto> {
  const parsed = paymentBypassSchema.safeParse((await readSetting("payment-bypass")) ?? {});
  return parsed.success ? parsed.data : { enabled: false };
}
