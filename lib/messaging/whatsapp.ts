import "server-only";
import { z } from "zod";
import { readTextCapped } from "@/lib/api/read-body";
import { WHATSAPP_NOT_ON_WHATSAPP_CODE } from "@/lib/contracts/message-delivery";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { reasonText, transportFailure, type SendOutcome } from "@/lib/messaging/send-outcome";

// WhatsApp's Cloud API (issue 48, ../shared/reference/messaging.md), called directly over HTTP:
// an approved template in English with its body parameters. What each answer means for the row
// (decision 0109): 200 sent (messages[0].id kept); error 131026 "not on WhatsApp" (the SMS fallback
// may follow); an HTTP 5xx or 429, a network failure or no answer within MESSAGING_TIMEOUT_MS worth
// a retry; any other 4xx (an expired token, a template not approved) a failure for good.

const MAX_ANSWER_BYTES = 64 * 1024;

/** The row's `template` column: the approved template's name and its body parameters. */
export const templateSchema = z.object({
  name: z.string().trim().min(1).max(512),
  params: z.array(z.string()).default([]),
});
export type Template = z.infer<typeof templateSchema>;

const sentSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.coerce.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

export type WhatsAppMessage = {
  /** The number in international form; WhatsApp takes it without the "+". */
  to: string;
  template: Template;
};

/** Sends one template message; never throws (every failure is an outcome). */
export async function sendWhatsApp(message: WhatsAppMessage): Promise<SendOutcome> {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL, MESSAGING_TIMEOUT_MS } =
    env();
  const { name, params } = message.template;
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to.replace(/^\+/, ""),
    type: "template",
    template: {
      name,
      language: { code: "en" },
      ...(params.length > 0
        ? {
            components: [
              { type: "body", parameters: params.map((text) => ({ type: "text", text })) },
            ],
          }
        : {}),
    },
  };
  const base = WHATSAPP_API_URL.replace(/\/+$/, "");
  let status: number;
  let text: string | null;
  try {
    const res = await fetch(`${base}/${WHATSAPP_PHONE_NUMBER_ID ?? ""}/messages`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${WHATSAPP_TOKEN ?? ""}`,
        Accept: "application/json",
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(MESSAGING_TIMEOUT_MS),
    });
    status = res.status;
    text = await readTextCapped(res, MAX_ANSWER_BYTES);
  } catch (error) {
    return transportFailure(error, MESSAGING_TIMEOUT_MS);
  }
  return outcomeOf(status, text ?? "");
}

/** What an answer of WhatsApp's Cloud API means for the message (exported for the unit tests). */
export function outcomeOf(status: number, text: string): SendOutcome {
  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    const sent = sentSchema.safeParse(json);
    if (sent.success) return { kind: "sent", messageId: sent.data.messages[0]!.id };
    // Accepted or not, nobody can tell: retried like a lost answer (decision 0109).
    return { kind: "retry", reason: reasonText(`Unexpected answer (${status}): ${text}`) };
  }
  const parsed = errorSchema.safeParse(json);
  const error = parsed.success ? parsed.data.error : undefined;
  const reason = reasonText(
    error
      ? `${error.message ?? "Error"}${error.code === undefined ? "" : ` (${error.code})`}`
      : `WhatsApp answered ${status} ${text}`,
  );
  if (error?.code === WHATSAPP_NOT_ON_WHATSAPP_CODE) return { kind: "notOnWhatsApp", reason };
  if (status >= 500 || status === 429) return { kind: "retry", reason };
  if (status === 401 || error?.code === 190) {
    log.error({ status, code: error?.code }, "WhatsApp refused WHATSAPP_TOKEN");
  }
  return { kind: "failed", reason };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
